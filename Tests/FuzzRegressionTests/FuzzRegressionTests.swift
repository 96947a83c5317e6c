import Foundation
import FuzzHarness
import LessonpackTestSupport
import Testing

/// Every input a fuzzer once crashed on, run again through the same harness (without sanitizers, but a crash is
/// still a crash). Inputs/TARGET/ holds them, each named after what it broke.
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [String] {
        let folder = Paths.inPackage("Tests/FuzzRegressionTests/Inputs/\(target)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { "\(folder)/\($0)" }
    }

    static func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    @Test func thereAreRegressionsToReplay() {
        #expect(!Self.inputs("bundle").isEmpty)
    }

    @Test(arguments: inputs("plist"))
    func plist(_ input: String) { FuzzHarness.plist(Self.bytes(input)) }

    @Test(arguments: inputs("module"))
    func module(_ input: String) {
        let base = Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base")
        FuzzHarness.module(Self.bytes(input), baseFolder: base, baseSources: FuzzHarness.sources(of: base))
    }

    @Test(arguments: inputs("catalog"))
    func catalog(_ input: String) { FuzzHarness.catalog(Self.bytes(input)) }

    @Test(arguments: inputs("bundle"))
    func bundle(_ input: String) {
        let folder = TemporaryFolder()
        FuzzHarness.bundle(Self.bytes(input), scratch: folder.child("input.lessonpack"))
    }
}
