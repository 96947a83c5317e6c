import Foundation
import LessonpackModel
import LessonpackRuntime

/// Activity 6, questions and answers: each question heard and read with its answers as A, B, C; the learner picks
/// one and checks it, and gets feedback. Each new attempt shows every question's answers in an order different
/// from the previous attempt's, so the right letter moves.
public struct QuestionsEngine: Sendable {
    /// A question as shown in this attempt: `order[i]` is the index (into `question.answers`) shown as letter i.
    public struct Presented: Sendable, Equatable {
        public var question: Question
        public var order: [Int]

        public func answer(at letterIndex: Int) -> Question.Answer { question.answers[order[letterIndex]] }
        public var correctLetter: Int { order.firstIndex { question.answers[$0].isCorrect } ?? 0 }
    }

    public struct Feedback: Sendable, Equatable {
        public var isCorrect: Bool
        public var chosenLetter: Int
        public var correctLetter: Int
        public var explanation: String?
    }

    public private(set) var presented: [Presented] = []
    public private(set) var attempt = 0
    public private(set) var chosen: [String: Int] = [:]
    public private(set) var feedback: [String: Feedback] = [:]
    public private(set) var startedAt: Date
    private let questions: [Question]
    private var random: SeededRandom

    /// `avoiding` holds the previous attempt's orders (question id → order), when that attempt was made by
    /// another engine (an earlier session): the new orders differ from them too.
    public init(module: Module, random: SeededRandom, avoiding previous: [String: [Int]] = [:], at now: Date) {
        questions = module.questions
        self.random = random
        startedAt = now
        deal(avoiding: previous)
        attempt = 1
    }

    /// Each question's answer order in this attempt, by question id: what the next attempt must differ from.
    public var orders: [String: [Int]] {
        Dictionary(presented.map { ($0.question.id, $0.order) }, uniquingKeysWith: { first, _ in first })
    }

    /// Starts over with every question's answers reshuffled into an order unlike the last attempt's.
    public mutating func newAttempt(at now: Date) {
        deal(avoiding: orders)
        attempt += 1
        startedAt = now
    }

    private mutating func deal(avoiding previous: [String: [Int]]) {
        presented = questions.map { question in
            let identity = Array(question.answers.indices)
            var order = random.shuffled(identity)
            // With one answer there is only one order; otherwise never repeat the last one.
            if identity.count > 1, let last = previous[question.id] {
                while order == last { order = random.shuffled(identity) }
            }
            return Presented(question: question, order: order)
        }
        chosen = [:]
        feedback = [:]
    }

    public func presented(_ questionID: String) -> Presented? { presented.first { $0.question.id == questionID } }

    /// Picks an answer by its letter (0 for A); may change until the question is checked.
    public mutating func choose(_ questionID: String, letter: Int) {
        guard feedback[questionID] == nil, let shown = presented(questionID), shown.order.indices.contains(letter) else {
            return
        }
        chosen[questionID] = letter
    }

    /// Checks the chosen answer; nil when none is chosen yet.
    public mutating func check(_ questionID: String) -> Feedback? {
        if let given = feedback[questionID] { return given }
        guard let shown = presented(questionID), let letter = chosen[questionID] else { return nil }
        let result = Feedback(isCorrect: shown.answer(at: letter).isCorrect, chosenLetter: letter,
                              correctLetter: shown.correctLetter, explanation: shown.question.feedback)
        feedback[questionID] = result
        return result
    }

    public func result(at now: Date) -> ActivityResult {
        let items = presented.map { shown -> ItemOutcome in
            let correct = shown.answer(at: shown.correctLetter).text
            guard let checked = feedback[shown.question.id] else {
                return ItemOutcome(id: shown.question.id, prompt: shown.question.text, expected: correct, outcome: .unanswered)
            }
            return ItemOutcome(id: shown.question.id, prompt: shown.question.text,
                               answer: shown.answer(at: checked.chosenLetter).text, expected: correct,
                               outcome: checked.isCorrect ? .correct : .incorrect, note: shown.question.feedback)
        }
        return ActivityResult(activity: .questions, startedAt: startedAt, finishedAt: now, items: items,
                              score: Score(correct: items.filter { $0.outcome == .correct }.count, total: items.count),
                              details: ["attempt": "\(attempt)"])
    }
}
