import Foundation
import FuzzHarness

/// Static lets, not top-level globals: libFuzzer supplies `main`, so top-level code (which initialises a one-file
/// executable's globals) never runs, and the globals would be read uninitialised.
enum Base {
    static let folder = ProcessInfo.processInfo.environment["LESSONPACK_FUZZ_MODULE"] ?? "../Tests/LessonpackCheckTests/Fixtures/base"
    static let sources = FuzzHarness.sources(of: folder)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModule(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzHarness.module(Array(UnsafeBufferPointer(start: data, count: size)), baseFolder: Base.folder, baseSources: Base.sources)
    return 0
}
