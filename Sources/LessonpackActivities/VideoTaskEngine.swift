import Foundation
import LessonpackModel

/// Activity 2, the video task: the learner marks each statement correct or incorrect (a box that cycles empty →
/// correct → incorrect → empty), and may check only once every statement is answered. The result lists each wrong
/// statement with the transcript lines to replay.
public struct VideoTaskEngine: Sendable {
    public let statements: [VideoTaskStatement]
    public let startedAt: Date
    public private(set) var answers: [String: TriState]
    public private(set) var report: Report?
    private let linesByID: [String: TranscriptLine]

    public struct Report: Sendable, Equatable {
        public struct Mistake: Sendable, Equatable {
            public var statement: VideoTaskStatement
            public var answer: TriState
            /// The lines that show the answer, in order.
            public var lines: [TranscriptLine]
        }

        public var correct: Int
        public var total: Int
        public var mistakes: [Mistake]
    }

    public enum CheckOutcome: Sendable, Equatable {
        /// Not yet: these statements are still empty.
        case refused(unanswered: [VideoTaskStatement])
        case checked(Report)
    }

    public init(module: Module, at now: Date) {
        statements = module.videoTask
        startedAt = now
        answers = Dictionary(uniqueKeysWithValues: module.videoTask.map { ($0.id, TriState.empty) })
        linesByID = Dictionary(module.transcript.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func answer(_ id: String) -> TriState { answers[id] ?? .empty }

    /// Moves a statement's box to its next state. Answers are fixed once checked, until `tryAgain()`.
    public mutating func cycle(_ id: String) {
        guard report == nil, let state = answers[id] else { return }
        answers[id] = state.next
    }

    public mutating func set(_ id: String, to state: TriState) {
        guard report == nil, answers[id] != nil else { return }
        answers[id] = state
    }

    public var unanswered: [VideoTaskStatement] { statements.filter { answer($0.id) == .empty } }

    public mutating func check() -> CheckOutcome {
        let missing = unanswered
        guard missing.isEmpty else { return .refused(unanswered: missing) }
        let mistakes = statements.filter { answer($0.id).claim != $0.isCorrect }.map { statement in
            Report.Mistake(statement: statement, answer: answer(statement.id),
                           lines: statement.lines.compactMap { linesByID[$0] }.sorted { $0.start < $1.start })
        }
        let report = Report(correct: statements.count - mistakes.count, total: statements.count, mistakes: mistakes)
        self.report = report
        return .checked(report)
    }

    /// Clears every box for another go.
    public mutating func tryAgain() {
        report = nil
        for id in answers.keys { answers[id] = .empty }
    }

    public func result(at now: Date) -> ActivityResult {
        let items = statements.map { statement -> ItemOutcome in
            let state = answer(statement.id)
            let outcome: ItemOutcome.Outcome = state == .empty ? .unanswered
                : state.claim == statement.isCorrect ? .correct : .incorrect
            return ItemOutcome(id: statement.id, prompt: statement.text, answer: state.rawValue,
                               expected: statement.isCorrect ? "correct" : "incorrect", outcome: outcome,
                               note: "replay " + statement.lines.joined(separator: ", "))
        }
        return ActivityResult(activity: .videoTask, startedAt: startedAt, finishedAt: now, items: items,
                              score: Score(correct: items.filter { $0.outcome == .correct }.count, total: items.count))
    }
}
