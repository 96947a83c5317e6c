import Foundation
import FuzzHarness
import FuzzStudioHarness
import LessonpackTestSupport
import Testing

/// Every input a fuzzer once crashed on, run again through the same harness (without sanitizers, but a crash is
/// still a crash). Inputs/TARGET/ holds them, each named after what it broke.
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [String] { files(in: "Tests/FuzzRegressionTests/Inputs/\(target)") }

    static func files(in folder: String) -> [String] {
        let folder = Paths.inPackage(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { "\(folder)/\($0)" }
    }

    static func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    static let base = Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base")

    @Test func thereAreRegressionsToReplay() {
        #expect(!Self.inputs("bundle").isEmpty)
    }

    @Test(arguments: inputs("plist"))
    func plist(_ input: String) { FuzzHarness.plist(Self.bytes(input)) }

    @Test(arguments: inputs("module"))
    func module(_ input: String) {
        FuzzHarness.module(Self.bytes(input), baseFolder: Self.base, baseSources: FuzzHarness.sources(of: Self.base))
    }

    @Test(arguments: inputs("catalog"))
    func catalog(_ input: String) { FuzzHarness.catalog(Self.bytes(input)) }

    @Test(arguments: inputs("bundle"))
    func bundle(_ input: String) {
        let folder = TemporaryFolder()
        FuzzHarness.bundle(Self.bytes(input), scratch: folder.child("input.lessonpack"))
    }

    @Test(arguments: inputs("studio-request"))
    func studioRequest(_ input: String) { FuzzStudioHarness.studioRequest(Self.bytes(input)) }

    @Test(arguments: inputs("studio-json"))
    func studioJSON(_ input: String) { FuzzStudioHarness.studioJSON(Self.bytes(input), baseFolder: Self.base) }

    @Test(arguments: inputs("import"))
    func importer(_ input: String) { FuzzHarness.importer(Self.bytes(input), baseFolder: Self.base) }

    @Test(arguments: inputs("lesson"))
    func lesson(_ input: String) { FuzzHarness.lesson(Self.bytes(input), baseFolder: Self.base) }
}
