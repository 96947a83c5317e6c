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

/// The corpora the fuzzers keep in fuzz/corpus/TARGET (minimised, grown by every `fuzz/run`), run through the
/// harnesses without the fuzzer: what a fuzzer reached stays reachable without a crash, and the harnesses cannot
/// fall out of step with the readers. One test per target, not per file: a corpus holds hundreds.
@Suite struct FuzzCorpusTests {
    static let targets = ["plist", "module", "bundle", "catalog", "studio-request", "studio-json", "import", "lesson"]

    static func corpus(_ target: String) -> [[UInt8]] {
        FuzzRegressionTests.files(in: "fuzz/corpus/\(target)").map(FuzzRegressionTests.bytes)
    }

    @Test(arguments: targets)
    func everyTargetKeepsACorpus(_ target: String) {
        #expect(!Self.corpus(target).isEmpty, "fuzz/corpus/\(target) is empty: run fuzz/run \(target)")
    }

    @Test func studioRequest() { for input in Self.corpus("studio-request") { FuzzStudioHarness.studioRequest(input) } }

    @Test func studioJSON() {
        for input in Self.corpus("studio-json") { FuzzStudioHarness.studioJSON(input, baseFolder: FuzzRegressionTests.base) }
    }

    @Test func importer() {
        for input in Self.corpus("import") { FuzzHarness.importer(input, baseFolder: FuzzRegressionTests.base) }
    }

    @Test func lesson() {
        for input in Self.corpus("lesson") { FuzzHarness.lesson(input, baseFolder: FuzzRegressionTests.base) }
    }

    @Test func plist() { for input in Self.corpus("plist") { FuzzHarness.plist(input) } }

    @Test func catalog() { for input in Self.corpus("catalog") { FuzzHarness.catalog(input) } }

    @Test func module() {
        let sources = FuzzHarness.sources(of: FuzzRegressionTests.base)
        for input in Self.corpus("module") {
            FuzzHarness.module(input, baseFolder: FuzzRegressionTests.base, baseSources: sources)
        }
    }

    @Test func bundle() {
        let folder = TemporaryFolder()
        for input in Self.corpus("bundle") { FuzzHarness.bundle(input, scratch: folder.child("input.lessonpack")) }
    }
}
