/// Activity 8, the test: each attempt draws the module's number of items from the bank, without replacement and in
/// random order, different from the last attempt's draw; items the last attempt did not show come first, so two
/// attempts of 20 from a bank of 30 cover it all. Statements take the three-state answer, multiple-choice items
/// one of their options (shown in a shuffled order). The score adds up the weights of the items answered correctly
/// (each counts 1 unless the module weights it); the result also counts correct, incorrect and unanswered items and
/// gives a percentage per objective.
package struct TestEngine: ActivityEngine {
    /// The draw: the items shown, in order, and each multiple-choice item's options as shown.
    package struct Setup: Storable, Sendable, Equatable {
        package var drawn: [String]
        package var options: [String: [String]]

        package init(drawn: [String], options: [String: [String]]) {
            self.drawn = drawn
            self.options = options
        }
    }

    package enum Answer: Storable, Sendable, Equatable {
        case correct
        case incorrect
        /// An index into the item's options as shown.
        case choice(index: Int)
        /// Taken back.
        case cleared
    }

    package enum Action: Storable, Sendable, Equatable {
        case answer(item: String, answer: Answer)
        /// Ends the attempt: answers are fixed from now on.
        case finish
    }

    /// An item as this attempt shows it.
    package struct Shown: Sendable, Equatable {
        package var item: TestItem
        /// For multiple choice: the choices in the order shown.
        package var options: [String]
    }

    package enum Outcome: String, Sendable { case correct, incorrect, unanswered }

    package static let kind = ActivityKind.test
    package static let isScored = true

    package static func parts(of setup: Setup, in module: Module) -> [ModulePart] {
        setup.drawn.map(ModulePart.item) + module.objectives.map { ModulePart.objective($0.id) }
    }

    package static func deal(for module: Module, random: inout SeededRandom, previous: Setup?, options: NoOptions) -> Setup {
        let bank = module.test.items
        let lastDrawn = (previous?.drawn ?? []).filter { id in bank.contains { $0.id == id } }
        let items = draw(from: bank, count: module.test.draw, lastDrawn: lastDrawn, random: &random)
        var shownOptions: [String: [String]] = [:]
        for item in items {
            if case .multipleChoice(let choices, _) = item.kind { shownOptions[item.id] = random.shuffled(choices) }
        }
        return Setup(drawn: items.map { $0.id }, options: shownOptions)
    }

    /// The draw (`Deals.testDraw`, shared with the WebAssembly core), over the items' ids.
    package static func draw(from bank: [TestItem], count: Int, lastDrawn: [String], random: inout SeededRandom) -> [TestItem] {
        let byID = Dictionary(firstOf: bank.map { ($0.id, $0) })
        return Deals.testDraw(from: bank.map { $0.id }, count: count, lastDrawn: lastDrawn, random: &random).compactMap { byID[$0] }
    }

    package let setup: Setup
    package let drawn: [Shown]
    package let startedAt: Date
    package private(set) var answers: [String: Answer] = [:]
    package private(set) var finishedAt: Date?
    private let objectives: [Objective]

    package init(module: Module, setup: Setup, startedAt: Date) {
        self.setup = setup
        self.startedAt = startedAt
        let bank = Dictionary(firstOf: module.test.items.map { ($0.id, $0) })
        drawn = setup.drawn.compactMap { id in
            bank[id].map { item in
                if case .multipleChoice(let choices, _) = item.kind {
                    let shown = setup.options[id].flatMap { $0.sorted() == choices.sorted() ? $0 : nil }
                    return Shown(item: item, options: shown ?? choices)
                }
                return Shown(item: item, options: [])
            }
        }
        objectives = module.objectives
    }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        guard finishedAt == nil else { return [] }
        switch action {
        case .answer(let id, let answer):
            guard let shown = shown(id) else { return [] }
            switch (shown.item.kind, answer) {
            case (_, .cleared): answers[id] = nil
            case (.statement, .correct), (.statement, .incorrect): answers[id] = answer
            case (.multipleChoice, .choice(let index)) where shown.options.indices.contains(index): answers[id] = answer
            default: break
            }
        case .finish:
            finishedAt = now
        }
        return []
    }

    package var isFinished: Bool { finishedAt != nil }

    package func answer(_ itemID: String) -> Answer? { answers[itemID] }

    package func shown(_ itemID: String) -> Shown? { drawn.first { $0.item.id == itemID } }

    package func outcome(_ itemID: String) -> Outcome {
        guard let shown = shown(itemID), let answer = answers[itemID] else { return .unanswered }
        switch (shown.item.kind, answer) {
        case (.statement(let isCorrect), .correct): return isCorrect ? .correct : .incorrect
        case (.statement(let isCorrect), .incorrect): return isCorrect ? .incorrect : .correct
        case (.multipleChoice(_, let right), .choice(let index)): return shown.options[index] == right ? .correct : .incorrect
        default: return .unanswered
        }
    }

    package func result(at now: Date) -> ActivityResult {
        var perObjective: [String: ObjectiveScore] = [:]
        let items = drawn.map { shown -> ItemOutcome in
            let outcome = outcome(shown.item.id)
            let objective = shown.item.objective
            var score = perObjective[objective] ?? ObjectiveScore(
                objective: objective, performance: objectives.first { $0.id == objective }?.performance,
                correct: 0, incorrect: 0, unanswered: 0)
            switch outcome {
            case .correct: score.correct += 1
            case .incorrect: score.incorrect += 1
            case .unanswered: score.unanswered += 1
            }
            perObjective[objective] = score
            return ItemOutcome(id: shown.item.id, prompt: shown.item.text, answer: answerText(shown),
                               response: response(shown), expected: expectedText(shown.item), outcome: ItemOutcome.Outcome(rawValue: outcome.rawValue)!,
                               objective: objective, note: shown.item.explanation)
        }
        let ids = objectives.map { $0.id }
        let order = ids + perObjective.keys.filter { !ids.contains($0) }.sorted()
        let correct = items.filter { $0.outcome == .correct }.count
        let incorrect = items.filter { $0.outcome == .incorrect }.count
        // The score counts each item with its weight; the counts beside it are of items.
        let weights = drawn.map { $0.item.scoreWeight }
        let earned = zip(items, weights).reduce(0) { sum, pair in sum + (pair.0.outcome == .correct ? pair.1 : 0) }
        return ActivityResult(
            activity: .test, startedAt: startedAt, finishedAt: finishedAt ?? now, items: items,
            score: Score(correct: earned, total: weights.reduce(0, +)), objectives: order.compactMap { perObjective[$0] },
            details: .test(correct: correct, incorrect: incorrect, unanswered: items.count - correct - incorrect))
    }

    private func answerText(_ shown: Shown) -> String? {
        switch answers[shown.item.id] {
        case .correct?: "correct"
        case .incorrect?: "incorrect"
        case .choice(let index)?: shown.options[index]
        case .cleared?, nil: nil
        }
    }

    /// The answer as records read it: a choice by its index among the options as the module writes them.
    private func response(_ shown: Shown) -> ItemOutcome.Response? {
        switch (shown.item.kind, answers[shown.item.id]) {
        case (.statement, .correct?): .judgement(true)
        case (.statement, .incorrect?): .judgement(false)
        case (.multipleChoice(let choices, _), .choice(let index)?):
            shown.options.indices.contains(index) ? choices.firstIndex(of: shown.options[index]).map(ItemOutcome.Response.choice) : nil
        default: nil
        }
    }

    private func expectedText(_ item: TestItem) -> String {
        switch item.kind {
        case .statement(let isCorrect): isCorrect ? "correct" : "incorrect"
        case .multipleChoice(_, let answer): answer
        }
    }
}

/// The name its rows are stored under (kept as it was when the action was first stored).
extension TestEngine.Action: StoredAction {
    package var storedName: String {
        switch self {
        case .answer: "answer"
        case .finish: "finish"
        }
    }
}
