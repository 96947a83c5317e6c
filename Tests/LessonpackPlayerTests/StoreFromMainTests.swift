import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// A store written by main's player before the activity descriptors, the driver and the typed module parts
/// (Tests/LessonpackProgressTests/Fixtures/main-typed) opens in today's player, and every unfinished attempt
/// resumes with every answer the learner confirmed.
@Suite struct StoreFromMainTests {
    static let fixture = Paths.inPackage("Tests/LessonpackProgressTests/Fixtures/main-typed/progress.sqlite")

    func session(in folder: TemporaryFolder) throws -> PlayerSession {
        try FileManager.default.createDirectory(atPath: folder.child("data"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: folder.child("data/progress.sqlite"))
        return try makeSession(in: folder, seed: 7)
    }

    @Test func everyUnfinishedAttemptResumesWithItsAnswers() throws {
        let folder = TemporaryFolder()
        let session = try session(in: folder)
        #expect(Set(session.resumable(at: Date()).map(\.activity)) == [.videoTask, .questions, .test])
        #expect(session.takeNotices().filter { $0.contains("could not be carried on") }.isEmpty)

        let task = try open(VideoTaskPresenter.self, in: session)
        #expect(task.attempt.id == 1)
        let marks = (1...10).map { task.engine.answer(String(format: "s%02d", $0)) }
        #expect(marks == (0..<10).map { $0 % 2 == 0 ? TriState.correct : .incorrect })
        #expect(!task.engine.isFinished)

        let questions = try open(QuestionsPresenter.self, in: session)
        #expect(questions.attempt.id == 2)
        #expect(questions.engine.feedback.mapValues(\.chosenLetter) == ["q1": 0, "q2": 1])

        let test = try open(TestPresenter.self, in: session)
        #expect(test.attempt.id == 3)
        #expect(test.engine.answers == ["t29": .choice(index: 0), "t15": .correct, "t22": .incorrect,
                                        "t25": .choice(index: 0), "t19": .correct])
        #expect(!test.engine.isFinished)
    }

    /// main's player told each of the video task's marks as it was given: checking the task after resuming tells
    /// only the marks changed since, so no answer reaches the record store twice.
    @Test func answersToldBeforeAreNotToldAgainOnFinishing() throws {
        let folder = TemporaryFolder()
        let session = try session(in: folder)
        func answered() throws -> [String] {
            try session.store.allStatements().map(\.body).filter { $0.contains("/verbs/answered") }
        }
        let before = try answered().count
        let task = try open(VideoTaskPresenter.self, in: session)
        task.send(.mark(0, .incorrect), at: Date())
        task.send(.check, at: Date())
        #expect(task.engine.isFinished)
        // One more: statement s01, changed from true to false; the other nine were told already.
        #expect(try answered().count == before + 1)
    }
}
