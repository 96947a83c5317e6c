/// Activity 6, questions and answers: each question heard and read with its answers as A, B, C; the learner picks
/// one and gets feedback. Each attempt shows every question's answers in an order unlike the previous attempt's,
/// so the right letter moves.
package struct QuestionsEngine: ActivityEngine {
    /// Each question's answer order in this attempt, by question id: `order[i]` is the index of the answer shown as
    /// letter i.
    package struct Setup: Storable, Sendable, Equatable {
        package var orders: [String: [Int]]

        package init(orders: [String: [Int]]) { self.orders = orders }
    }

    package enum Action: Storable, Sendable, Equatable {
        /// Answers a question with a letter (0 for A): final, and checked at once.
        case answer(question: String, letter: Int)
        case hearQuestion(question: String)
        case hearAnswer(question: String, letter: Int)
    }

    /// A question as shown in this attempt.
    package struct Presented: Sendable, Equatable {
        package var question: Question
        package var order: [Int]

        package func answer(at letter: Int) -> Question.Answer { question.answers[order[letter]] }
        package var correctLetter: Int { order.firstIndex { question.answers[$0].isCorrect } ?? 0 }
    }

    package struct Feedback: Sendable, Equatable {
        package var isCorrect: Bool
        package var chosenLetter: Int
        package var correctLetter: Int
        package var explanation: String?
    }

    package static let kind = ActivityKind.questions
    package static let isScored = true

    package static func parts(of setup: Setup, in module: Module) -> [ModulePart] { module.questions.map { ModulePart.question($0.id) } }

    package static func deal(for module: Module, random: inout SeededRandom, previous: Setup?, options: NoOptions) -> Setup {
        var orders: [String: [Int]] = [:]
        for question in module.questions {
            orders[question.id] = Deals.answerOrder(count: question.answers.count, last: previous?.orders[question.id],
                                                    random: &random)
        }
        return Setup(orders: orders)
    }

    package let setup: Setup
    package let presented: [Presented]
    package let startedAt: Date
    package private(set) var feedback: [String: Feedback] = [:]
    /// What the learner has listened to: questions by id, answers as "id letter".
    package private(set) var heard: Set<String> = []

    package init(module: Module, setup: Setup, startedAt: Date) {
        self.setup = setup
        self.startedAt = startedAt
        presented = module.questions.map { question in
            let order = setup.orders[question.id].flatMap { $0.sorted() == Array(question.answers.indices) ? $0 : nil }
            return Presented(question: question, order: order ?? Array(question.answers.indices))
        }
    }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        switch action {
        case .answer(let id, let letter):
            guard feedback[id] == nil, let shown = presented(id), shown.order.indices.contains(letter) else { return [] }
            feedback[id] = Feedback(isCorrect: shown.answer(at: letter).isCorrect, chosenLetter: letter,
                                    correctLetter: shown.correctLetter, explanation: shown.question.feedback)
            return []
        case .hearQuestion(let id):
            guard let shown = presented(id) else { return [] }
            heard.insert(id)
            return [.play(media: shown.question.audio)]
        case .hearAnswer(let id, let letter):
            guard let shown = presented(id), shown.order.indices.contains(letter) else { return [] }
            heard.insert("\(id) \(letter)")
            return [.play(media: shown.answer(at: letter).audio)]
        }
    }

    package var isFinished: Bool { !presented.isEmpty && feedback.count == presented.count }

    package func presented(_ id: String) -> Presented? { presented.first { $0.question.id == id } }

    package func hasHeard(_ id: String, letter: Int? = nil) -> Bool {
        heard.contains(letter.map { "\(id) \($0)" } ?? id)
    }

    package func result(at now: Date) -> ActivityResult {
        let items = presented.map { shown -> ItemOutcome in
            let correct = shown.answer(at: shown.correctLetter).text
            guard let checked = feedback[shown.question.id] else {
                return ItemOutcome(id: shown.question.id, prompt: shown.question.text, expected: correct, outcome: .unanswered)
            }
            return ItemOutcome(id: shown.question.id, prompt: shown.question.text,
                               answer: shown.answer(at: checked.chosenLetter).text,
                               response: .choice(shown.order[checked.chosenLetter]), expected: correct,
                               outcome: checked.isCorrect ? .correct : .incorrect, note: shown.question.feedback)
        }
        return ActivityResult(activity: .questions, startedAt: startedAt, finishedAt: now, items: items,
                              score: Score(correct: items.filter { $0.outcome == .correct }.count, total: items.count))
    }
}

/// The name its rows are stored under (kept as it was when the action was first stored).
extension QuestionsEngine.Action: StoredAction {
    package var storedName: String {
        switch self {
        case .answer: "answer"
        case .hearQuestion: "hearQuestion"
        case .hearAnswer: "hearAnswer"
        }
    }
}
