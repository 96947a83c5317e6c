import Foundation
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackActivities

@Suite struct QuestionsEngineTests {
    @Test func answerAndFeedback() throws {
        var questions = dealt(QuestionsEngine.self, seed: 5)
        let first = try #require(questions.presented.first)
        #expect(first.order.count == 3)
        #expect(first.answer(at: first.correctLetter).text == "She's the front office manager.")
        let wrong = (first.correctLetter + 1) % 3
        questions.run(.answer(question: "q1", letter: wrong))
        let feedback = try #require(questions.feedback["q1"])
        #expect(!feedback.isCorrect)
        #expect(feedback.correctLetter == first.correctLetter)
        #expect(feedback.explanation == "Helen says: \"I'm Helen Clarke, the front office manager.\"")
        questions.run(.answer(question: "q1", letter: first.correctLetter))    // too late: already answered
        #expect(questions.feedback["q1"]?.isCorrect == false)
        questions.run(.answer(question: "q2", letter: questions.presented("q2")!.correctLetter))
        #expect(questions.feedback["q2"]?.isCorrect == true)
        let result = questions.result(at: later(90))
        #expect(result.score == Score(correct: 1, total: 7))
        #expect(result.items.map(\.outcome).filter { $0 == .unanswered }.count == 5)
        #expect(letter(first.correctLetter) == ["A", "B", "C"][first.correctLetter])
    }

    @Test func everyAttemptReordersEveryQuestionsAnswers() {
        var previous: QuestionsEngine.Setup?
        for seed in 0..<100 {
            let questions = dealt(QuestionsEngine.self, seed: UInt64(seed % 2), previous: previous)
            if let previous {
                for shown in questions.presented { #expect(previous.orders[shown.question.id] != shown.order) }
            }
            // The right answer is still right, wherever its letter went.
            #expect(questions.presented.map { $0.answer(at: $0.correctLetter).isCorrect }.allSatisfy { $0 })
            previous = questions.setup
        }
    }

    @Test func theRightLetterIsUniform() {
        var letters = [0, 0, 0]
        for seed in 0..<3000 { letters[dealt(QuestionsEngine.self, seed: UInt64(seed)).presented[0].correctLetter] += 1 }
        #expect(Statistics.looksUniform(letters), "\(letters)")
    }

    @Test func lettersGoOnPastZ() {
        #expect(letter(25) == "Z" && letter(26) == "27")
        #expect(answerIndex("b", count: 3) == 1 && answerIndex("B", count: 3) == 1 && answerIndex("d", count: 3) == nil)
        #expect(answerIndex("27", count: 30) == 26 && answerIndex("2", count: 3) == 1 && answerIndex("0", count: 3) == nil)
    }
}
