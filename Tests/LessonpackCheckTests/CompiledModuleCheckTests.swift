import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackCheck

/// A compiled module is held to the rules a source folder is, by reading it back through the source format: each
/// breakage is reported with the code `check` gives it in sources.
@Suite struct CompiledModuleTests {
    let module = try! ModuleLoader.load(folder: Paths.sampleModule).module

    /// What check accepts (warnings and all) must be accepted compiled: a bundle built from it opens.
    @Test func everyModuleCheckAcceptsIsAcceptedCompiled() throws {
        let fixtures = Paths.inPackage("Tests/LessonpackCheckTests/Fixtures")
        var accepted = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures + "/rules").sorted() {
            let folder = TemporaryFolder()
            let module = folder.copy(fixtures + "/base", as: "module")
            try FixtureEdits(contentsOf: "\(fixtures)/rules/\(name)/edits.txt").apply(to: module)
            let result = try ModuleChecker.check(folder: module)
            guard !result.diagnostics.hasErrors else { continue }
            accepted += 1
            #expect(CompiledModuleCheck.errors(in: result.source.module).isEmpty, "\(name)")
        }
        #expect(accepted >= 3)
    }

    @Test func theSampleReadsBackAsItself() {
        #expect(CompiledModuleCheck.errors(in: module).isEmpty, "\(CompiledModuleCheck.errors(in: module).map(\.message))")
        #expect(ModuleLoader.load(sources: try! ModuleSourceWriter.sources(of: module), folder: "x").module == module)
    }

    enum Breakage: CaseIterable, Sendable {
        case duplicateLine, twoRightAnswers, unlistedMedia, unsafeMedia, badChoice, escapingLineID, controlInTitle, nanTime

        func apply(to module: inout Module) {
            switch self {
            case .duplicateLine: module.transcript[1].id = module.transcript[0].id
            case .twoRightAnswers: module.questions[0].answers[1].isCorrect = true
            case .unlistedMedia: module.transcript[0].audio = "nowhere.opus"
            case .unsafeMedia: module.media[0].path = "../x.opus"
            case .badChoice: module.test.items[0].kind = .multipleChoice(choices: ["a"], answer: "b")
            case .escapingLineID: module.transcript[0].id = "../../../x"
            case .controlInTitle: module.title = "evil\u{1B}]0;owned\u{07}"
            case .nanTime: module.transcript[0].end = 1e300
            }
        }

        var code: String {
            switch self {
            case .duplicateLine: "duplicate-id"
            case .twoRightAnswers: "correct-answer-count"
            case .unlistedMedia: "media-not-in-manifest"
            case .unsafeMedia: "invalid-media-path"
            case .badChoice: "answer-not-a-choice"
            case .escapingLineID: "invalid-id"
            case .controlInTitle: "module-json-invalid"
            case .nanTime: "invalid-time"
            }
        }
    }

    @Test(arguments: Breakage.allCases)
    func findsWhatCheckWouldFind(_ breakage: Breakage) {
        var broken = module
        breakage.apply(to: &broken)
        let codes = CompiledModuleCheck.errors(in: broken).map(\.code.rawValue)
        #expect(codes.contains(breakage.code), "\(CompiledModuleCheck.errors(in: broken).map(\.message))")
    }
}
