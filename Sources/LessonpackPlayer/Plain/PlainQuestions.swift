import Foundation
import LessonpackActivities

/// Plain mode, activity 6: one question at a time; a letter answers it.
final class PlainQuestions: PlainActivity {
    let questions: QuestionsController
    var controller: ActivityController { questions }
    private var current = 0

    init(_ questions: QuestionsController) { self.questions = questions }

    func describe(at now: Date) -> [String] {
        ["Listen to each question and choose A, B or C. 'hear' plays the question, 'hear B' an answer."] + show()
    }

    let commands = ["A, B or C: answer the question", "hear / hear B: play the question or an answer",
                    "next / question N: another question", "again: a new attempt, answers reshuffled"]

    func handle(_ words: [String], at now: Date) -> [String]? {
        let presented = questions.engine.presented
        guard presented.indices.contains(current) else { return nil }
        let shown = presented[current]
        switch words.first {
        case "next":
            current = (current + 1) % presented.count
            return show()
        case "question":
            guard let index = PlainWords.index(words.dropFirst().first, count: presented.count) else { return ["question 1–\(presented.count)"] }
            current = index
            return show()
        case "again":
            questions.newAttempt(at: now)
            current = 0
            return ["New attempt: the answers are in a new order."] + show()
        case "hear":
            if let letter = PlainWords.letterIndex(words.dropFirst().first, count: shown.order.count) {
                questions.playAnswer(shown.question.id, letter: letter)
            } else {
                questions.playQuestion(shown.question.id)
            }
            return ["Playing."]
        default:
            guard let letter = PlainWords.letterIndex(words.first, count: shown.order.count) else { return nil }
            if questions.engine.feedback[shown.question.id] != nil { return ["Already answered; 'next' for another question."] }
            questions.choose(shown.question.id, letter: letter, at: now)
            guard let feedback = questions.check(shown.question.id, at: now) else { return [] }
            var lines = [feedback.isCorrect ? "Right." : "Wrong: the answer is \(PlayerLetters.letter(feedback.correctLetter))."]
            if let explanation = feedback.explanation { lines.append(explanation) }
            if questions.engine.feedback.count == presented.count {
                let score = questions.engine.result(at: now).score
                lines.append("All answered: \(score?.correct ?? 0) of \(score?.total ?? 0) right. 'again' for a new attempt.")
            } else {
                current = presented.indices.first { questions.engine.feedback[presented[$0].question.id] == nil } ?? current
                lines += show()
            }
            return lines
        }
    }

    private func show() -> [String] {
        let presented = questions.engine.presented
        guard presented.indices.contains(current) else { return [] }
        let shown = presented[current]
        var lines = ["Question \(current + 1) of \(presented.count): \(shown.question.text)"]
        for index in shown.order.indices { lines.append("  \(PlayerLetters.letter(index)). \(shown.answer(at: index).text)") }
        return lines
    }
}

/// "A", "B", "C" for positions.
enum PlayerLetters {
    static func letter(_ index: Int) -> String { LessonpackActivities.letter(index) }
}
