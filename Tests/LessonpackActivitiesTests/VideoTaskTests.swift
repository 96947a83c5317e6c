import Foundation
import LessonpackModel
import Testing
@testable import LessonpackActivities

@Suite struct VideoTaskEngineTests {
    @Test func boxesCycleEmptyCorrectIncorrectEmpty() {
        #expect(TriState.empty.next == .correct && TriState.correct.next == .incorrect && TriState.incorrect.next == .empty)
        var task = dealt(VideoTaskEngine.self)
        #expect(task.answer("s01") == .empty)
        task.run(.mark(statement: "s01", state: .incorrect))
        #expect(task.answer("s01") == .incorrect)
    }

    @Test func checkingWaitsUntilEveryStatementIsAnswered() {
        var task = dealt(VideoTaskEngine.self)
        for statement in task.statements.dropLast(2) { task.run(.mark(statement: statement.id, state: .correct)) }
        task.run(.check)
        #expect(!task.isFinished)
        #expect(task.unanswered.map(\.id) == ["s09", "s10"])
        #expect(task.report == nil)
    }

    @Test func wrongStatementsComeWithTheLinesToReplay() throws {
        var task = dealt(VideoTaskEngine.self)
        for statement in task.statements {
            task.run(.mark(statement: statement.id, state: statement.isCorrect ? .correct : .incorrect))
        }
        task.run(.mark(statement: "s06", state: .correct), .mark(statement: "s09", state: .incorrect), .check)
        let report = try #require(task.report)
        #expect(report.correct == 8 && report.total == 10)
        #expect(report.mistakes.map(\.statement.id) == ["s06", "s09"])
        #expect(report.mistakes[0].lines.map(\.id) == ["l09", "l10"])
        #expect(report.mistakes[1].lines.map(\.id) == ["l16"])
        // Answers stay as checked: another go is another attempt.
        task.run(.mark(statement: "s01", state: .empty))
        #expect(task.answer("s01") == .correct)
        let result = task.result(at: later(30))
        #expect(result.score == Score(correct: 8, total: 10))
        #expect(result.items.first { $0.id == "s06" }?.outcome == .incorrect)
    }
}
