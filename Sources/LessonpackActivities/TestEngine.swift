import Foundation
import LessonpackModel
import LessonpackRuntime

/// What the player remembers of earlier test attempts, so the next draw can favour what was not seen.
public struct TestHistory: Sendable, Codable, Equatable {
    /// The items of the most recent attempt, in the order they were shown.
    public var lastDrawn: [String]

    public init(lastDrawn: [String] = []) { self.lastDrawn = lastDrawn }
}

/// Activity 8, the test: each attempt draws the module's number of items from the bank, without replacement and in
/// random order, different from the last attempt's draw; items the last attempt did not show come first, so two
/// attempts of 20 from a bank of 30 cover it all. Statements take the three-state answer, multiple-choice items
/// one of their options (shown in a shuffled order). The score counts correct, incorrect and unanswered items and
/// gives a percentage per objective.
public struct TestEngine: Sendable {
    public enum Answer: Sendable, Equatable, Codable {
        case tri(TriState)
        /// An index into the item's shown `options`.
        case option(Int)
    }

    /// An item as this attempt shows it.
    public struct Shown: Sendable, Equatable {
        public var item: TestItem
        /// For multiple choice: the choices in the order shown.
        public var options: [String]
    }

    public let drawn: [Shown]
    public let startedAt: Date
    public private(set) var answers: [String: Answer] = [:]
    public private(set) var finishedAt: Date?
    private let objectiveIDs: [String]

    public init(module: Module, history: TestHistory?, random: SeededRandom, at now: Date) {
        var random = random
        let items = Self.draw(from: module.test.items, count: module.test.draw, lastDrawn: history?.lastDrawn ?? [],
                              random: &random)
        drawn = items.map { item in
            if case .multipleChoice(let choices, _) = item.kind { return Shown(item: item, options: random.shuffled(choices)) }
            return Shown(item: item, options: [])
        }
        objectiveIDs = module.objectives.map(\.id)
        startedAt = now
    }

    /// The draw: unseen-last-time items first (a random selection of them if there are more than needed), then
    /// the rest at random, all in a random order that is not the last attempt's.
    public static func draw(from bank: [TestItem], count: Int, lastDrawn: [String], random: inout SeededRandom) -> [TestItem] {
        let wanted = min(max(count, 0), bank.count)
        let last = Set(lastDrawn)
        let unseen = bank.filter { !last.contains($0.id) }
        let seen = bank.filter { last.contains($0.id) }
        var chosen = random.sample(unseen, count: wanted)
        chosen += random.sample(seen, count: wanted - chosen.count)
        var order = random.shuffled(chosen)
        if order.count > 1 {
            while order.map(\.id) == lastDrawn { order = random.shuffled(chosen) }
        }
        return order
    }

    public var history: TestHistory { TestHistory(lastDrawn: drawn.map(\.item.id)) }

    public func answer(_ itemID: String) -> Answer? { answers[itemID] }

    /// Cycles a statement's box: empty → correct → incorrect → empty.
    public mutating func cycle(_ itemID: String) {
        guard finishedAt == nil, let shown = shown(itemID), case .statement = shown.item.kind else { return }
        let current: TriState = if case .tri(let state)? = answers[itemID] { state } else { .empty }
        answers[itemID] = current.next == .empty ? nil : .tri(current.next)
    }

    /// Picks a multiple-choice option by its position as shown.
    public mutating func choose(_ itemID: String, option: Int) {
        guard finishedAt == nil, let shown = shown(itemID), shown.options.indices.contains(option) else { return }
        answers[itemID] = .option(option)
    }

    public mutating func clear(_ itemID: String) {
        guard finishedAt == nil else { return }
        answers[itemID] = nil
    }

    private func shown(_ itemID: String) -> Shown? { drawn.first { $0.item.id == itemID } }

    public enum Outcome: String, Sendable { case correct, incorrect, unanswered }

    public func outcome(_ itemID: String) -> Outcome {
        guard let shown = shown(itemID), let answer = answers[itemID] else { return .unanswered }
        switch (shown.item.kind, answer) {
        case (.statement(let isCorrect), .tri(let state)):
            guard let claim = state.claim else { return .unanswered }
            return claim == isCorrect ? .correct : .incorrect
        case (.multipleChoice(_, let right), .option(let index)):
            return shown.options[index] == right ? .correct : .incorrect
        default:
            return .unanswered
        }
    }

    /// Ends the attempt: answers are fixed from now on.
    public mutating func finish(at now: Date) -> ActivityResult {
        if finishedAt == nil { finishedAt = now }
        return result()
    }

    public func result() -> ActivityResult {
        var perObjective: [String: ObjectiveScore] = [:]
        let items = drawn.map { shown -> ItemOutcome in
            let outcome = outcome(shown.item.id)
            var score = perObjective[shown.item.objective]
                ?? ObjectiveScore(objective: shown.item.objective, correct: 0, incorrect: 0, unanswered: 0)
            switch outcome {
            case .correct: score.correct += 1
            case .incorrect: score.incorrect += 1
            case .unanswered: score.unanswered += 1
            }
            perObjective[shown.item.objective] = score
            return ItemOutcome(id: shown.item.id, prompt: shown.item.text, answer: answerText(shown),
                               expected: expectedText(shown.item), outcome: ItemOutcome.Outcome(rawValue: outcome.rawValue)!,
                               objective: shown.item.objective, note: shown.item.explanation)
        }
        let order = objectiveIDs + perObjective.keys.filter { !objectiveIDs.contains($0) }.sorted()
        let counts = (correct: items.filter { $0.outcome == .correct }.count,
                      incorrect: items.filter { $0.outcome == .incorrect }.count)
        return ActivityResult(
            activity: .test, startedAt: startedAt, finishedAt: finishedAt ?? startedAt, items: items,
            score: Score(correct: counts.correct, total: items.count), objectives: order.compactMap { perObjective[$0] },
            details: ["correct": "\(counts.correct)", "incorrect": "\(counts.incorrect)",
                      "unanswered": "\(items.count - counts.correct - counts.incorrect)"])
    }

    private func answerText(_ shown: Shown) -> String? {
        switch answers[shown.item.id] {
        case .tri(let state)?: state == .empty ? nil : state.rawValue
        case .option(let index)?: shown.options[index]
        case nil: nil
        }
    }

    private func expectedText(_ item: TestItem) -> String {
        switch item.kind {
        case .statement(let isCorrect): isCorrect ? "correct" : "incorrect"
        case .multipleChoice(_, let answer): answer
        }
    }
}
