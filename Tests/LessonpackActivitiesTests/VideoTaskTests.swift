import Foundation
import Testing
@testable import LessonpackActivities

@Suite struct VideoTaskEngineTests {
    @Test func boxesCycleEmptyCorrectIncorrectEmpty() {
        var task = VideoTaskEngine(module: sample, at: start)
        #expect(task.answer("s01") == .empty)
        task.cycle("s01")
        #expect(task.answer("s01") == .correct)
        task.cycle("s01")
        #expect(task.answer("s01") == .incorrect)
        task.cycle("s01")
        #expect(task.answer("s01") == .empty)
    }

    @Test func checkingWaitsUntilEveryStatementIsAnswered() {
        var task = VideoTaskEngine(module: sample, at: start)
        for statement in task.statements.dropLast(2) { task.cycle(statement.id) }
        guard case .refused(let unanswered) = task.check() else {
            Issue.record("checked with statements unanswered")
            return
        }
        #expect(unanswered.map(\.id) == ["s09", "s10"])
        #expect(task.report == nil)
    }

    @Test func wrongStatementsComeWithTheLinesToReplay() {
        var task = VideoTaskEngine(module: sample, at: start)
        for statement in task.statements { task.set(statement.id, to: statement.isCorrect ? .correct : .incorrect) }
        task.set("s06", to: .correct)      // wrong: it is false
        task.set("s09", to: .incorrect)    // wrong: it is true
        guard case .checked(let report) = task.check() else {
            Issue.record("not checked")
            return
        }
        #expect(report.correct == 8 && report.total == 10)
        #expect(report.mistakes.map(\.statement.id) == ["s06", "s09"])
        #expect(report.mistakes[0].lines.map(\.id) == ["l09", "l10"])
        #expect(report.mistakes[1].lines.map(\.id) == ["l16"])
        // Answers stay as checked until the learner tries again.
        task.cycle("s01")
        #expect(task.answer("s01") == .correct)
        let result = task.result(at: later(30))
        #expect(result.score == Score(correct: 8, total: 10))
        #expect(result.items.first { $0.id == "s06" }?.outcome == .incorrect)
        task.tryAgain()
        #expect(task.unanswered.count == 10)
    }
}
