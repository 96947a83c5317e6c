import Foundation
import FuzzHarness

/// A static let, not a top-level global: libFuzzer supplies `main`, so top-level code never runs.
enum Base {
    static let folder = ProcessInfo.processInfo.environment["LESSONPACK_FUZZ_MODULE"] ?? "../Tests/LessonpackCheckTests/Fixtures/base"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzHarness.importer(Array(UnsafeBufferPointer(start: data, count: size)), baseFolder: Base.folder)
    return 0
}
