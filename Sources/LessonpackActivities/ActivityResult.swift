import Foundation
import LessonpackModel

/// How an attempt went, in the form the progress store keeps and reports read: what was asked, what was answered,
/// the score, the time, and what each activity measures of its own (`details`), each as the type it is.
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
    public var details: ResultDetails

    public init(activity: ActivityKind, startedAt: Date, finishedAt: Date, items: [ItemOutcome] = [], score: Score? = nil,
                objectives: [ObjectiveScore] = [], details: ResultDetails = .none) {
        self.activity = activity
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.items = items
        self.score = score
        self.objectives = objectives
        self.details = details
    }

    public var duration: TimeInterval { max(0, finishedAt.timeIntervalSince(startedAt)) }

    /// Whether the attempt did what the activity is for: pronunciation practice with no recording made (no
    /// microphone, a recorder that failed) was visited, not done.
    public var isCompleted: Bool {
        if case .pronunciation(let recorded, _) = details { return recorded > 0 }
        return true
    }
}

/// What each activity measures beyond items and score.
public enum ResultDetails: Sendable, Codable, Equatable {
    case none
    case video(watchedSeconds: Double, durationSeconds: Double, subtitlesOn: Bool)
    case vocabulary(terms: Int, opened: Int)
    case audioGame(difficulty: AudioGameEngine.Difficulty, moves: Int, mistakes: Int, solved: Bool, tiles: Int)
    case pronunciation(recorded: Int, lines: Int)
    case dictionary(entries: Int, opened: Int)
    case test(correct: Int, incorrect: Int, unanswered: Int)
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
    /// What the objective says the learner will do, as the module put it when the attempt was made.
    public var performance: String?
    public var correct: Int
    public var incorrect: Int
    public var unanswered: Int

    public init(objective: String, performance: String?, correct: Int, incorrect: Int, unanswered: Int) {
        self.objective = objective
        self.performance = performance
        self.correct = correct
        self.incorrect = incorrect
        self.unanswered = unanswered
    }

    public var total: Int { correct + incorrect + unanswered }
    public var percent: Double { total == 0 ? 0 : Double(correct) * 100 / Double(total) }
}
