/// Activity 2, the video task: the learner marks each statement correct or incorrect (a box that cycles empty →
/// correct → incorrect → empty), and may check only once every statement is answered. The report lists each wrong
/// statement with the transcript lines to replay. Another go is another attempt.
package struct VideoTaskEngine: ActivityEngine {
    package typealias Setup = NoSetup

    package enum Action: Storable, Sendable, Equatable {
        /// Sets a statement's box; the state, not the key press, so replaying is exact however it was given.
        case mark(statement: String, state: TriState)
        /// Checks the answers: only once every statement is marked.
        case check
    }

    package struct Report: Sendable, Equatable {
        package struct Mistake: Sendable, Equatable {
            package var statement: VideoTaskStatement
            package var answer: TriState
            /// The lines that show the answer, in order.
            package var lines: [TranscriptLine]
        }

        package var correct: Int
        package var total: Int
        package var mistakes: [Mistake]
    }

    package static let kind = ActivityKind.videoTask
    package static let isScored = true

    package static func parts(of setup: NoSetup, in module: Module) -> [ModulePart] {
        module.videoTask.flatMap { [ModulePart.statement($0.id)] + $0.lines.map(ModulePart.line) }
    }

    package let setup = NoSetup()
    package let statements: [VideoTaskStatement]
    package let startedAt: Date
    package private(set) var answers: [String: TriState]
    package private(set) var checked = false
    private let linesByID: [String: TranscriptLine]

    package init(module: Module, setup: NoSetup, startedAt: Date) {
        statements = module.videoTask
        self.startedAt = startedAt
        answers = Dictionary(firstOf: module.videoTask.map { ($0.id, TriState.empty) })
        linesByID = Dictionary(firstOf: module.transcript.map { ($0.id, $0) })
    }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        switch action {
        case .mark(let id, let state):
            // Answers are fixed once checked.
            guard !checked, answers[id] != nil else { return [] }
            answers[id] = state
        case .check:
            if unanswered.isEmpty { checked = true }
        }
        return []
    }

    package var isFinished: Bool { checked }

    package func answer(_ id: String) -> TriState { answers[id] ?? .empty }

    package var unanswered: [VideoTaskStatement] { statements.filter { answer($0.id) == .empty } }

    /// The report, once checked.
    package var report: Report? {
        guard checked else { return nil }
        let mistakes = statements.filter { answer($0.id).claim != $0.isCorrect }.map { statement in
            Report.Mistake(statement: statement, answer: answer(statement.id), lines: lines(of: statement))
        }
        return Report(correct: statements.count - mistakes.count, total: statements.count, mistakes: mistakes)
    }

    /// The transcript lines a statement points to, in the order they are spoken.
    package func lines(of statement: VideoTaskStatement) -> [TranscriptLine] {
        statement.lines.compactMap { linesByID[$0] }.sorted { $0.start < $1.start }
    }

    package func result(at now: Date) -> ActivityResult {
        let items = statements.map { statement -> ItemOutcome in
            let state = answer(statement.id)
            let outcome: ItemOutcome.Outcome = state == .empty ? .unanswered
                : state.claim == statement.isCorrect ? .correct : .incorrect
            return ItemOutcome(id: statement.id, prompt: statement.text, answer: state.rawValue,
                               response: state.claim.map(ItemOutcome.Response.judgement), expected: statement.isCorrect ? "correct" : "incorrect", outcome: outcome,
                               note: "replay " + statement.lines.joined(separator: ", "))
        }
        return ActivityResult(activity: .videoTask, startedAt: startedAt, finishedAt: now, items: items,
                              score: Score(correct: items.filter { $0.outcome == .correct }.count, total: items.count))
    }
}

/// The name its rows are stored under (kept as it was when the action was first stored).
extension VideoTaskEngine.Action: StoredAction {
    package var storedName: String {
        switch self {
        case .mark: "mark"
        case .check: "check"
        }
    }
}
