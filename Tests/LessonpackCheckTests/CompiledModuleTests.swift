import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackCheck

/// A compiled module is held, as it is, to the rules a source folder is: each breakage is reported with the code
/// `check` gives it in sources, about the part of the module it concerns, and at no place in a file.
@Suite struct CompiledModuleTests {
    let module = try! ModuleLoader.load(folder: Paths.sampleModule).module

    static func errors(in module: Module) -> [Diagnostic] {
        ModuleChecker.check(compiled: module).filter { $0.severity == .error }
    }

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
            #expect(Self.errors(in: result.source.module).isEmpty, "\(name)")
        }
        #expect(accepted >= 3)
    }

    @Test func theSampleIsAcceptedAndStillReadsBackAsItself() {
        #expect(Self.errors(in: module).isEmpty, "\(Self.errors(in: module).map(\.message))")
        // Not how a compiled module is checked any more, but what `unpack` relies on.
        #expect(ModuleLoader.load(sources: try! ModuleSourceWriter.sources(of: module), folder: "x").module == module)
    }

    /// A rule that finds a problem in sources finds the same one compiled, at the same part of the module.
    @Test func aCompiledProblemCarriesThePathItsSourceProblemHas() throws {
        let folder = TemporaryFolder()
        let copy = folder.copy(Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base"), as: "module")
        try FixtureEdits(contentsOf: Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/rules/duplicate-id/edits.txt"))
            .apply(to: copy)
        let fromSources = try #require(try ModuleChecker.check(folder: copy).diagnostics.first { $0.code == .duplicateID })
        let compiled = try ModuleLoader.load(folder: copy).module
        let fromModule = try #require(ModuleChecker.check(compiled: compiled).first { $0.code == .duplicateID })
        #expect(fromSources.path == .videoTask(9, .id))
        #expect(fromModule.path == fromSources.path)
        #expect(fromModule.location == SourceLocation(file: "module.json"))
        #expect(fromModule.message == fromSources.message)
        #expect(fromModule.notes.map(\.message) == fromSources.notes.map(\.message))
        #expect(fromModule.notes.allSatisfy { $0.location == nil })
    }

    enum Breakage: CaseIterable, Sendable {
        case duplicateLine, twoRightAnswers, unlistedMedia, unsafeMedia, badChoice, escapingLineID, controlInTitle, nanTime,
             emptyText, passMarkOutOfRange, noDraw, videoWithoutVideo, mediaTwice, definitionTwice, ambiguousDefinition,
             placeholderFalse

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
            case .emptyText: module.speakers[0].name = " "
            case .passMarkOutOfRange: module.passMark = 101
            case .noDraw: module.test.draw = 0
            case .videoWithoutVideo: module.video = nil
            case .mediaTwice: module.media.append(module.media[0])
            case .definitionTwice: module.definitions.append(module.definitions[0])
            case .ambiguousDefinition: module.definitions[0].partOfSpeech = "noun) (verb"
            case .placeholderFalse: module.media[0].placeholder = false
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
            case .controlInTitle, .mediaTwice, .definitionTwice, .ambiguousDefinition, .placeholderFalse:
                "module-json-invalid"
            case .nanTime: "invalid-time"
            case .emptyText: "empty-value"
            case .passMarkOutOfRange, .noDraw: "invalid-number"
            case .videoWithoutVideo: "missing-key"
            }
        }
    }

    @Test(arguments: Breakage.allCases)
    func findsWhatCheckWouldFind(_ breakage: Breakage) {
        var broken = module
        breakage.apply(to: &broken)
        let errors = Self.errors(in: broken)
        #expect(errors.map(\.code.rawValue).contains(breakage.code), "\(errors.map(\.message))")
        #expect(errors.allSatisfy { $0.path != nil && $0.location == SourceLocation(file: "module.json") })
    }

    /// How a compiled module's problem names its place: the part of the module, in words, counting from 1.
    @Test func pathsReadAsAPersonCounts() {
        #expect(ModulePath.transcript(2, .speaker).description == "transcript line 3, speaker")
        #expect(ModulePath.questions(1, .answer(2, .text)).description == "question 2, answer C, text")
        #expect(ModulePath.questions(1, .answer(0)).description == "question 2, answer A")
        #expect(ModulePath.testItems(0, .choice(1)).description == "test item 1, choice 2")
        #expect(ModulePath.module(.level).description == "module, level")
        #expect(ModulePath.file(.media).description == "media")
    }
}
