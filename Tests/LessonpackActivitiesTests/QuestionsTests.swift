import Foundation
import LessonpackRuntime
import LessonpackTestSupport
import Testing
@testable import LessonpackActivities

@Suite struct QuestionsEngineTests {
    @Test func chooseCheckAndFeedback() throws {
        var questions = QuestionsEngine(module: sample, random: SeededRandom(seed: 5), at: start)
        let first = try #require(questions.presented.first)
        #expect(first.order.count == 3)
        #expect(first.answer(at: first.correctLetter).text == "She's the front office manager.")
        let beforeChoosing = questions.check("q1")
        #expect(beforeChoosing == nil)                   // nothing chosen yet
        let wrong = (first.correctLetter + 1) % 3
        questions.choose("q1", letter: wrong)
        let checked = questions.check("q1")
        let feedback = try #require(checked)
        #expect(!feedback.isCorrect)
        #expect(feedback.correctLetter == first.correctLetter)
        #expect(feedback.explanation == "Helen says: \"I'm Helen Clarke, the front office manager.\"")
        questions.choose("q1", letter: first.correctLetter)    // too late: already checked
        let recheck = questions.check("q1")
        #expect(recheck?.isCorrect == false)
        questions.choose("q2", letter: questions.presented("q2")!.correctLetter)
        let secondFeedback = questions.check("q2")
        #expect(secondFeedback?.isCorrect == true)
        let result = questions.result(at: later(90))
        #expect(result.score == Score(correct: 1, total: 7))
        #expect(result.items.map(\.outcome).filter { $0 == .unanswered }.count == 5)
        #expect(letter(first.correctLetter) == ["A", "B", "C"][first.correctLetter])
    }

    @Test func everyAttemptReordersEveryQuestionsAnswers() {
        var questions = QuestionsEngine(module: sample, random: SeededRandom(seed: 6), at: start)
        for _ in 0..<100 {
            let before = questions.presented.map(\.order)
            let rightBefore = questions.presented.map { $0.answer(at: $0.correctLetter).text }
            questions.newAttempt(at: start)
            for (old, new) in zip(before, questions.presented.map(\.order)) { #expect(old != new) }
            // The right answer is still right, wherever its letter went.
            #expect(questions.presented.map { $0.answer(at: $0.correctLetter).text } == rightBefore)
            #expect(questions.chosen.isEmpty && questions.feedback.isEmpty)
        }
        #expect(questions.attempt == 101)
    }

    @Test func theRightLetterIsUniform() {
        var letters = [0, 0, 0]
        for seed in 0..<3000 {
            let questions = QuestionsEngine(module: sample, random: SeededRandom(seed: UInt64(seed)), at: start)
            letters[questions.presented[0].correctLetter] += 1
        }
        #expect(Statistics.looksUniform(letters), "\(letters)")
    }
}
