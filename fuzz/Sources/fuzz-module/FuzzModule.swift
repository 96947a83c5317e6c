import Foundation
import FuzzHarness

let baseFolder = ProcessInfo.processInfo.environment["LESSONPACK_FUZZ_MODULE"] ?? "../Tests/LessonpackCheckTests/Fixtures/base"
let baseSources = FuzzHarness.sources(of: baseFolder)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModule(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzHarness.module(Array(UnsafeBufferPointer(start: data, count: size)), baseFolder: baseFolder, baseSources: baseSources)
    return 0
}
