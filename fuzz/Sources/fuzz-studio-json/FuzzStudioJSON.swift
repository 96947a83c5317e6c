import Foundation
import FuzzStudioHarness

/// A static let, not a top-level global: libFuzzer supplies `main`, so top-level code never runs.
enum Base {
    static let folder = ProcessInfo.processInfo.environment["LESSONPACK_FUZZ_MODULE"] ?? "../Tests/LessonpackCheckTests/Fixtures/base"
}

/// Called by libFuzzer before it reads the corpus: with LESSONPACK_FUZZ_SEEDS set (fuzz/run sets it), writes the
/// seeds made from the fixture modules there, since a module's JSON is what Swift encodes, not a file in the tree.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzStudioJSONInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutableRawPointer) -> CInt {
    let environment = ProcessInfo.processInfo.environment
    guard let folder = environment["LESSONPACK_FUZZ_SEEDS"] else { return 0 }
    let modules = [Base.folder] + (environment["LESSONPACK_FUZZ_MORE_MODULES"]?.split(separator: ":").map(String.init) ?? [])
    for (index, seed) in FuzzStudioHarness.studioJSONSeeds(moduleFolders: modules).enumerated() {
        FileManager.default.createFile(atPath: "\(folder)/seed-\(index)", contents: Data(seed))
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStudioJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzStudioHarness.studioJSON(Array(UnsafeBufferPointer(start: data, count: size)), baseFolder: Base.folder)
    return 0
}
