import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// What an action answered is told to the learning record store once, with the action. Where an answer is final
/// once given (a question's letter), each answer sends an `answered` statement as it is given; where the learner
/// confirms all the answers together (checking the video task), a box moved on is no answer yet, and what was
/// confirmed is told once, when the task is checked.
@Suite struct AnsweredStatementsTests {
    @Test func eachAnswerGivenIsToldOnce() throws {
        let folder = TemporaryFolder()
        let session = try makeSession(in: folder)
        func answered() throws -> Int {
            try session.store.allStatements().filter { $0.body.contains("/verbs/answered") }.count
        }
        let questions = try open(QuestionsPresenter.self, in: session)
        questions.send(.answer(0), at: Date())
        #expect(try answered() == 1)
        questions.send(.answer(0), at: Date())
        #expect(try answered() == 1, "the same question answered again is not a second answer")
    }

    @Test func videoTaskMarksAreToldWhenTheTaskIsChecked() throws {
        let folder = TemporaryFolder()
        let session = try makeSession(in: folder)
        func answered() throws -> Int {
            try session.store.allStatements().filter { $0.body.contains("/verbs/answered") }.count
        }
        let task = try open(VideoTaskPresenter.self, in: session)
        task.send(.mark(0, .correct), at: Date())
        task.send(.mark(0, .incorrect), at: Date())
        #expect(try answered() == 0)
        let statements = session.module.videoTask.count
        task.send(.markAll(Array(repeating: .correct, count: statements)), at: Date())
        #expect(try answered() == 0)
        task.send(.check, at: Date())
        #expect(try answered() == statements)
    }
}
