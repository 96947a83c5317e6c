import Foundation
import LessonpackModel

/// The three states of a correct/incorrect box: a click moves empty → correct → incorrect → empty.
public enum TriState: String, CaseIterable, Sendable, Codable {
    case empty, correct, incorrect

    public var next: TriState {
        switch self {
        case .empty: .correct
        case .correct: .incorrect
        case .incorrect: .empty
        }
    }

    /// The answer this state gives to "is the statement correct?", or nil when unanswered.
    public var claim: Bool? {
        switch self {
        case .empty: nil
        case .correct: true
        case .incorrect: false
        }
    }
}

/// How an activity went, in a form the player stores: what was asked, what was answered, the score, the time.
public struct ActivityResult: Sendable, Codable, Equatable {
    public var activity: ActivityKind
    public var startedAt: Date
    public var finishedAt: Date
    /// Per item: a statement, question, test item, line or term.
    public var items: [ItemOutcome]
    /// Nil for activities that are not scored (watching the video, browsing the dictionary).
    public var score: Score?
    /// For the test: the score per learning objective.
    public var objectives: [ObjectiveScore]
    /// Activity-specific figures, e.g. the audio game's `moves`, `mistakes` and `difficulty`.
    public var details: [String: String]

    public init(activity: ActivityKind, startedAt: Date, finishedAt: Date, items: [ItemOutcome] = [], score: Score? = nil,
                objectives: [ObjectiveScore] = [], details: [String: String] = [:]) {
        self.activity = activity
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.items = items
        self.score = score
        self.objectives = objectives
        self.details = details
    }

    public var duration: TimeInterval { max(0, finishedAt.timeIntervalSince(startedAt)) }
}

public struct ItemOutcome: Sendable, Codable, Equatable {
    public enum Outcome: String, Sendable, Codable { case correct, incorrect, unanswered, done }

    /// The stable id of what was asked (statement, question, item, line id, or a term).
    public var id: String
    public var prompt: String
    public var answer: String?
    public var expected: String?
    public var outcome: Outcome
    public var objective: String?
    /// Why, or what to do: an explanation, or the lines to replay.
    public var note: String?

    public init(id: String, prompt: String, answer: String? = nil, expected: String? = nil, outcome: Outcome,
                objective: String? = nil, note: String? = nil) {
        self.id = id
        self.prompt = prompt
        self.answer = answer
        self.expected = expected
        self.outcome = outcome
        self.objective = objective
        self.note = note
    }
}

public struct Score: Sendable, Codable, Equatable {
    public var correct: Int
    public var total: Int

    public init(correct: Int, total: Int) {
        self.correct = correct
        self.total = total
    }

    /// 0…100; 0 when there was nothing to score.
    public var percent: Double { total == 0 ? 0 : Double(correct) * 100 / Double(total) }
}

public struct ObjectiveScore: Sendable, Codable, Equatable {
    public var objective: String
    public var correct: Int
    public var incorrect: Int
    public var unanswered: Int

    public var total: Int { correct + incorrect + unanswered }
    public var percent: Double { total == 0 ? 0 : Double(correct) * 100 / Double(total) }
}

/// "A", "B", "C", … for answer positions.
public func letter(_ index: Int) -> String {
    index < 26 ? String(UnicodeScalar(UInt8(65 + index))) : "#\(index + 1)"
}
