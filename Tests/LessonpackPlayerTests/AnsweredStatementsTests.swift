import Foundation
import LessonpackActivities
import LessonpackPresentation
import LessonpackProgress
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// What an action answered is told to the learning record store once, with the action: a new answer and a changed
/// one each send an `answered` statement; the same answer again sends none.
@Suite struct AnsweredStatementsTests {
    @Test func eachChangedAnswerIsToldOnce() throws {
        let folder = TemporaryFolder()
        let session = try makeSession(in: folder)
        func answered() throws -> Int {
            try session.store.allStatements().filter { $0.body.contains("/verbs/answered") }.count
        }
        let task = try open(VideoTaskPresenter.self, in: session)
        task.send(.mark(0, .correct), at: Date())
        #expect(try answered() == 1)
        task.send(.mark(0, .correct), at: Date())
        #expect(try answered() == 1)
        task.send(.mark(0, .incorrect), at: Date())
        #expect(try answered() == 2)
        task.send(.mark(1, .correct), at: Date())
        #expect(try answered() == 3)
    }
}
