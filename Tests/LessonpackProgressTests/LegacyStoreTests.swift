import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackProgress

/// A store written by Lessonpack before schema 3 (Fixtures/main-schema-2, made by main's own player) is upgraded
/// in place: results get typed details, and every unfinished attempt comes back with its deal and its answers.
@Suite struct LegacyStoreTests {
    static let fixture = Paths.inPackage("Tests/LessonpackProgressTests/Fixtures/main-schema-2")

    /// The folder is the caller's, to outlive the store.
    func upgraded(in folder: TemporaryFolder) throws -> ProgressStore {
        try FileManager.default.copyItem(atPath: Self.fixture + "/progress.sqlite", toPath: folder.child("progress.sqlite"))
        return try ProgressStore(folder: folder.path)
    }

    @Test func resultsAndNumbersComeThrough() throws {
        let folder = TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        let store = try upgraded(in: folder)
        let history = try store.history(moduleID: "job-interview")
        #expect(history[.videoTask]?.status == .scored(best: 100, inProgress: false))
        let test = try #require(history[.test])
        #expect(test.status == .scored(best: 45, inProgress: true))
        let result = try #require(test.lastResult)
        #expect(result.details == .test(correct: 9, incorrect: 11, unanswered: 0))
        #expect(result.objectives.map(\.objective) == ["greet", "background", "closing"])
        #expect(result.objectives.allSatisfy { $0.performance == nil })
        // Once the module is at hand, they get the module's words.
        try store.completeObjectiveTexts(for: sampleModule)
        let completed = try #require(try store.history(moduleID: "job-interview")[.test]?.lastResult)
        #expect(completed.objectives.map(\.performance) == sampleModule.objectives.map(\.performance))
        #expect(test.finished.map(\.number) == [1])
        let unfinished = try store.unfinishedAttempts(moduleID: "job-interview")
        #expect(unfinished.map(\.activity) == [.test, .audioGame, .questions])
        #expect(unfinished.map(\.number) == [2, 2, 1])
        #expect(try store.nextAttemptNumber(moduleID: "job-interview", activity: .test) == 3)
    }

    @Test func theUnfinishedTestComesBackWithItsDrawAndEveryAnswer() throws {
        let folder = TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        let store = try upgraded(in: folder)
        let attempt = try #require(try store.unfinishedAttempts(moduleID: "job-interview").first { $0.activity == .test })
        guard case .resume(let saved) = try store.carryOver(attempt.id, as: TestEngine.self, module: sampleModule, at: start)
        else {
            Issue.record("the legacy test attempt was closed")
            return
        }
        var engine = TestEngine(module: sampleModule, setup: saved.setup, startedAt: saved.startedAt)
        for (action, at) in saved.actions { _ = engine.apply(action, at: at) }
        let listed = engine.drawn.enumerated().map { index, shown -> String in
            let answer: String = switch engine.answer(shown.item.id) {
            case .correct?: "true"
            case .incorrect?: "false"
            case .choice(let choice)?: "\(letter(choice)). \(shown.options[choice])"
            case .cleared?, nil: "not answered"
            }
            return "\(index + 1). \(shown.item.text) — \(answer)"
        }
        let expected = try String(contentsOfFile: Self.fixture + "/unfinished-test-answers.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(listed == expected)
        // It was rewritten in today's form: the next look needs no conversion.
        let format = try store.read { db in try Int.fetchOne(db, sql: "SELECT format FROM attempt WHERE id = ?", arguments: [attempt.id]) }
        #expect(format == AttemptFormat.typed)
    }

    @Test func theUnfinishedGameAndQuestionsComeBack() throws {
        let folder = TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        let store = try upgraded(in: folder)
        let unfinished = try store.unfinishedAttempts(moduleID: "job-interview")
        let game = try #require(unfinished.first { $0.activity == .audioGame })
        guard case .resume(let savedGame) = try store.carryOver(game.id, as: AudioGameEngine.self, module: sampleModule, at: start)
        else { Issue.record("the game was closed"); return }
        #expect(savedGame.setup.difficulty == .hard)
        #expect(savedGame.setup.slots.count == 21 && savedGame.setup.tray.count == 21 - savedGame.setup.slots.compactMap { $0 }.count)
        var engine = AudioGameEngine(module: sampleModule, setup: savedGame.setup, startedAt: savedGame.startedAt)
        for (action, at) in savedGame.actions { _ = engine.apply(action, at: at) }
        #expect(engine.moves == 1)

        let questions = try #require(unfinished.first { $0.activity == .questions })
        guard case .resume(let savedQuestions) = try store.carryOver(questions.id, as: QuestionsEngine.self, module: sampleModule,
                                                                     at: start)
        else { Issue.record("the questions were closed"); return }
        #expect(savedQuestions.setup.orders["q1"] == [1, 2, 0])
        var asked = QuestionsEngine(module: sampleModule, setup: savedQuestions.setup, startedAt: savedQuestions.startedAt)
        for (action, at) in savedQuestions.actions { _ = asked.apply(action, at: at) }
        #expect(asked.feedback.count == 2)
        // A new deal still differs from the legacy one.
        let last = try #require(try store.lastSetup(QuestionsEngine.self, module: sampleModule))
        #expect(last.orders == savedQuestions.setup.orders)
    }

    @Test func anAttemptOfAnotherVersionIsClosedForWantOfARecordOfWhatItUsed() throws {
        let folder = TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        let store = try upgraded(in: folder)
        var newer = sampleModule
        newer.version = "2.0.0"
        let attempt = try #require(try store.unfinishedAttempts(moduleID: "job-interview").first { $0.activity == .test })
        guard case .closed(let reason) = try store.carryOver(attempt.id, as: TestEngine.self, module: newer, at: start) else {
            Issue.record("carried over without knowing what it used")
            return
        }
        #expect(reason == .olderRecord(version: "1.0.0"))
        #expect(reason.recorded.contains("begun with version 1.0.0"))
    }
}
