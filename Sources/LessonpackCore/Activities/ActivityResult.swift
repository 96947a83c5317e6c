/// How an attempt went, in the form the progress store keeps and reports read: what was asked, what was answered,
/// the score, the time, and what each activity measures of its own (`details`), each as the type it is.
package struct ActivityResult: Sendable, Storable, Equatable {
    package var activity: ActivityKind
    package var startedAt: Date
    package var finishedAt: Date
    /// Per item: a statement, question, test item, line or term.
    package var items: [ItemOutcome]
    /// Nil for activities that are not scored (watching the video, browsing the dictionary).
    package var score: Score?
    /// For the test: the score per learning objective.
    package var objectives: [ObjectiveScore]
    package var details: ResultDetails

    package init(activity: ActivityKind, startedAt: Date, finishedAt: Date, items: [ItemOutcome] = [], score: Score? = nil,
                objectives: [ObjectiveScore] = [], details: ResultDetails = .none) {
        self.activity = activity
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.items = items
        self.score = score
        self.objectives = objectives
        self.details = details
    }

    package var duration: TimeInterval { max(0, finishedAt.timeIntervalSince(startedAt)) }

    /// The items `after` holds an answer for that `before` did not, or another answer: what one action answered.
    /// Items without an expected answer (a line recorded, a term opened) are not answers.
    package static func newAnswers(from before: ActivityResult, to after: ActivityResult) -> [ItemOutcome] {
        newAnswers(since: before.answers, in: after)
    }

    /// The items `after` holds an answer for that `earlier` (an earlier result's `answers`) did not, or another.
    package static func newAnswers(since earlier: [String: String?], in after: ActivityResult) -> [ItemOutcome] {
        after.items.filter { item in item.expected != nil && item.answer != nil && earlier[item.id] != .some(item.answer) }
    }

    /// Each item's answer, by id.
    package var answers: [String: String?] {
        Dictionary(firstOf: items.map { ($0.id, $0.answer) })
    }

    /// Whether the score reached `passMark` percent, compared in whole numbers so that 7 of 10 passes a mark of 70;
    /// nil when there is no pass mark or nothing was scored.
    package func passed(passMark: Int?) -> Bool? {
        guard let passMark, let score, score.total > 0 else { return nil }
        return score.correct * 100 >= passMark * score.total
    }

    /// Whether the attempt did what the activity is for: pronunciation practice with no recording made (no
    /// microphone, a recorder that failed) was visited, not done.
    package var isCompleted: Bool {
        if case .pronunciation(let recorded, _) = details { return recorded > 0 }
        return true
    }
}

/// What each activity measures beyond items and score.
package enum ResultDetails: Sendable, Storable, Equatable {
    case none
    /// `rolePlays`: each role play of the attempt, in order; nil when the learner played no speaker.
    case video(watchedSeconds: Double, durationSeconds: Double, subtitlesOn: Bool, rolePlays: [RolePlaySummary]? = nil)
    case vocabulary(terms: Int, opened: Int)
    case audioGame(difficulty: AudioGameEngine.Difficulty, moves: Int, mistakes: Int, solved: Bool, tiles: Int)
    case pronunciation(recorded: Int, lines: Int)
    case dictionary(entries: Int, opened: Int)
    case test(correct: Int, incorrect: Int, unanswered: Int)
}

/// A role play as a result keeps it: whose lines the learner said, how many of them, and when.
package struct RolePlaySummary: Sendable, Storable, Equatable {
    /// The speaker the learner played, by id.
    package var speaker: String
    /// The lines the learner said (recorded), of `lines`, theirs in the conversation.
    package var spoken: Int
    package var lines: Int
    package var startedAt: Date
    /// When the learner was done with their last line; nil when they stopped before.
    package var finishedAt: Date?

    package init(speaker: String, spoken: Int, lines: Int, startedAt: Date, finishedAt: Date?) {
        self.speaker = speaker
        self.spoken = spoken
        self.lines = lines
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }
}

package struct ItemOutcome: Sendable, Storable, Equatable {
    package enum Outcome: String, Sendable, Storable { case correct, incorrect, unanswered, done }

    /// What the learner answered, as the engine knew it: what records and reports read, where `answer` is the
    /// words the learner saw.
    package enum Response: Sendable, Storable, Equatable {
        /// A statement judged true (the learner said "correct") or false.
        case judgement(Bool)
        /// The chosen option, by its index in the order the module writes the options (not the order an attempt
        /// showed them), so the same choice reads the same in every attempt.
        case choice(Int)
        /// A text the learner typed, with its word-by-word comparison with what was expected, so a report or an
        /// LRS shows which words were right without comparing again. The comparison is nil in results stored
        /// before it was kept.
        case text(String, diff: WordDiff?)
    }

    /// The stable id of what was asked (statement, question, item, line id, or a term).
    package var id: String
    package var prompt: String
    package var answer: String?
    /// Nil when nothing was answered, and in results stored before responses were kept.
    package var response: Response?
    package var expected: String?
    package var outcome: Outcome
    package var objective: String?
    /// Why, or what to do: an explanation, or the lines to replay.
    package var note: String?

    package init(id: String, prompt: String, answer: String? = nil, response: Response? = nil, expected: String? = nil,
                outcome: Outcome, objective: String? = nil, note: String? = nil) {
        self.id = id
        self.prompt = prompt
        self.answer = answer
        self.response = response
        self.expected = expected
        self.outcome = outcome
        self.objective = objective
        self.note = note
    }
}

package struct Score: Sendable, Storable, Equatable {
    package var correct: Int
    package var total: Int

    package init(correct: Int, total: Int) {
        self.correct = correct
        self.total = total
    }

    /// 0…100; 0 when there was nothing to score.
    package var percent: Double { total == 0 ? 0 : Double(correct) * 100 / Double(total) }
}

package struct ObjectiveScore: Sendable, Storable, Equatable {
    package var objective: String
    /// What the objective says the learner will do, as the module put it when the attempt was made.
    package var performance: String?
    package var correct: Int
    package var incorrect: Int
    package var unanswered: Int

    package init(objective: String, performance: String?, correct: Int, incorrect: Int, unanswered: Int) {
        self.objective = objective
        self.performance = performance
        self.correct = correct
        self.incorrect = incorrect
        self.unanswered = unanswered
    }

    package var total: Int { correct + incorrect + unanswered }
    package var percent: Double { total == 0 ? 0 : Double(correct) * 100 / Double(total) }
}
