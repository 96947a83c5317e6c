/// The dictation: the learner hears a line (as often as they like, slowed down on request), writes it, and sees
/// it marked word by word (`WordDiff`). The score is the share of the lines' words written right. A line is
/// written once; the attempt is over when every line is written, or when the learner finishes early.
package struct DictationEngine: ActivityEngine {
    /// The lines read out, by id, in the order the module gives them (the author's choice, or the transcript's):
    /// a conversation is heard in the order it is spoken, so nothing is dealt.
    package struct Setup: Storable, Sendable, Equatable {
        package var lines: [String]

        package init(lines: [String]) { self.lines = lines }
    }

    package enum Action: Storable, Sendable, Equatable {
        case hear(line: String)
        /// The line slowed to `speed` (0.75 or 0.5), its pitch kept.
        case hearSlowly(line: String, speed: Double)
        /// What the learner wrote for the line: final, and marked at once.
        case write(line: String, text: String)
        /// Ends the attempt with the lines not written yet counted as missed.
        case finish
    }

    package static let kind = ActivityKind.dictation
    package static let isScored = true
    /// The longest text kept for one line: far more than any line, and a bound on what the store keeps.
    package static let longestAnswer = 1_000

    package static func deal(for module: Module, random: inout SeededRandom, previous: Setup?, options: NoOptions) -> Setup {
        Setup(lines: module.lines(for: .dictation).map { $0.id })
    }

    /// Each line's text and its clip: a line reworded, or given another recording, is another dictation.
    package static func parts(of setup: Setup, in module: Module) -> [ModulePart] {
        setup.lines.flatMap { id in
            [ModulePart.line(id)] + (module.transcript.first { $0.id == id }.map { [ModulePart.media($0.audio)] } ?? [])
        }
    }

    package let setup: Setup
    /// The lines of the setup the module still has, in order.
    package let lines: [TranscriptLine]
    package let startedAt: Date
    /// What the learner wrote, by line id, and how it compares with the line.
    package private(set) var written: [String: Written] = [:]
    /// Lines heard, at any speed.
    package private(set) var heard: Set<String> = []
    package private(set) var finishedEarly = false

    package struct Written: Sendable, Equatable {
        package var text: String
        package var diff: WordDiff
    }

    package init(module: Module, setup: Setup, startedAt: Date) {
        self.setup = setup
        self.startedAt = startedAt
        // Each line once, whatever the setup says: answers are kept by line, so a line twice could never be finished.
        var named: Set<String> = []
        lines = setup.lines.filter { named.insert($0).inserted }.compactMap { id in module.transcript.first { $0.id == id } }
    }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        guard !isFinished else { return [] }
        switch action {
        case .hear(let id):
            guard let line = line(id) else { return [] }
            heard.insert(id)
            return [.play(media: line.audio)]
        case .hearSlowly(let id, let speed):
            guard let line = line(id), PronunciationEngine.slowSpeeds.contains(speed) else { return [] }
            heard.insert(id)
            return [.playSlowed(media: line.audio, speed: speed)]
        case .write(let id, let text):
            guard let line = line(id), written[id] == nil else { return [] }
            let kept = String(text.prefix(Self.longestAnswer))
            written[id] = Written(text: kept, diff: WordDiff.compare(expected: line.text, typed: kept))
            return [.stopSound]
        case .finish:
            finishedEarly = true
        }
        return []
    }

    package var isFinished: Bool { finishedEarly || (!lines.isEmpty && written.count == lines.count) }

    package func line(_ id: String) -> TranscriptLine? { lines.first { $0.id == id } }

    /// Words right over the words of every line: a line not written counts its words as missed.
    package var score: Score {
        lines.reduce(into: Score(correct: 0, total: 0)) { score, line in
            let diff = written[line.id]?.diff ?? WordDiff.compare(expected: line.text, typed: "")
            score.correct += diff.right
            score.total += diff.total
        }
    }

    package func result(at now: Date) -> ActivityResult {
        let items = lines.map { line -> ItemOutcome in
            guard let answer = written[line.id] else {
                return ItemOutcome(id: line.id, prompt: line.text, expected: line.text, outcome: .unanswered)
            }
            return ItemOutcome(id: line.id, prompt: line.text, answer: answer.text, response: .text(answer.text, diff: answer.diff),
                               expected: line.text,
                               outcome: answer.diff.isAllRight ? .correct : .incorrect,
                               note: "\(answer.diff.right) of \(answer.diff.total) words right")
        }
        return ActivityResult(activity: .dictation, startedAt: startedAt, finishedAt: now, items: items, score: score)
    }
}

/// The name its rows are stored under (kept as it was when the action was first stored).
extension DictationEngine.Action: StoredAction {
    package var storedName: String {
        switch self {
        case .hear: "hear"
        case .hearSlowly: "hearSlowly"
        case .write: "write"
        case .finish: "finish"
        }
    }
}
