/// Activity 5, pronunciation practice: line by line, hear the original, record yourself, and compare, both at once
/// (original left, you right) or one after the other. The recording and the mixing are effects, carried out by the
/// player; what came of them (a file, or why there is none) comes back as an action, so the record holds only
/// recordings that were made.
package struct PronunciationEngine: ActivityEngine {
    package typealias Setup = NoSetup

    package enum Action: Storable, Sendable, Equatable {
        case hearOriginal(line: String)
        /// Asks for a recording of the line.
        case record(line: String)
        case recorded(line: String, file: String)
        case recordingFailed(line: String, reason: String)
        /// Asks for the recording and the original mixed together.
        case compare(line: String, mode: VoiceComparison)
        case compared(line: String, mode: VoiceComparison, file: String)
        case comparisonFailed(line: String, reason: String)
        /// Asks for the original at a slower speed, its pitch kept.
        case hearSlowly(line: String, speed: Double)
        /// The intonation of `recording` against the original; kept only while that recording is the line's.
        case analysed(line: String, recording: String, result: IntonationResult)
        case analysisFailed(line: String, recording: String, reason: String)
    }

    package static let kind = ActivityKind.pronunciation
    package static let isScored = false

    package static func parts(of setup: NoSetup, in module: Module) -> [ModulePart] {
        module.transcript.flatMap { [ModulePart.line($0.id), ModulePart.media($0.audio)] }
    }

    /// How long a recording of `line` may last: a little longer than the original, and two minutes at the most
    /// whatever the module's timings say.
    package static func recordingSeconds(for line: TranscriptLine) -> Double {
        let span = line.end - line.start
        return span.isFinite ? min(120, max(3, span * 1.5 + 1)) : 3
    }

    package let setup = NoSetup()
    package let lines: [TranscriptLine]
    package let startedAt: Date
    /// The learner's latest recording of each line (a WAV file).
    package private(set) var recordings: [String: String] = [:]
    /// The comparison files made for each line.
    package private(set) var comparisons: [String: [VoiceComparison: String]] = [:]
    package private(set) var heard: Set<String> = []
    /// The line being recorded, between asking and hearing back.
    package private(set) var recording: String?
    /// Why the last recording or comparison of a line did not work.
    package private(set) var failures: [String: String] = [:]
    /// The intonation of each line's latest recording, once analysed.
    package private(set) var intonation: [String: IntonationResult] = [:]
    /// Why the latest recording of a line could not be analysed.
    package private(set) var analysisFailures: [String: String] = [:]
    /// The slowest the original can be played, and the fastest slowed speed.
    package static let slowSpeeds: ClosedRange<Double> = 0.5...0.75

    package init(module: Module, setup: NoSetup, startedAt: Date) {
        lines = module.transcript
        self.startedAt = startedAt
    }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        switch action {
        case .hearOriginal(let id):
            guard let line = line(id) else { return [] }
            heard.insert(id)
            return [.play(media: line.audio)]
        case .record(let id):
            guard let line = line(id), recording == nil else { return [] }
            recording = id
            return [.stopSound, .record(line: id, seconds: Self.recordingSeconds(for: line))]
        case .recorded(let id, let file):
            guard line(id) != nil else { return [] }
            // A new recording replaces the old one, and the comparisons made with it.
            recordings[id] = file
            comparisons[id] = nil
            failures[id] = nil
            intonation[id] = nil
            analysisFailures[id] = nil
            recording = nil
            return [.analyse(line: id, recording: file)]
        case .recordingFailed(let id, let reason):
            failures[id] = reason
            recording = nil
        case .compare(let id, let mode):
            guard let file = recordings[id] else { return [] }
            return [.compare(line: id, recording: file, mode: mode)]
        case .compared(let id, let mode, let file):
            guard recordings[id] != nil else { return [] }
            comparisons[id, default: [:]][mode] = file
            failures[id] = nil
            return [.playFile(path: file)]
        case .comparisonFailed(let id, let reason):
            failures[id] = reason
        case .hearSlowly(let id, let speed):
            guard let line = line(id), Self.slowSpeeds.contains(speed) else { return [] }
            heard.insert(id)
            return [.playSlowed(media: line.audio, speed: speed)]
        case .analysed(let id, let file, let result):
            // An analysis of a recording since replaced says nothing of the line now.
            guard recordings[id] == file else { return [] }
            intonation[id] = result
            analysisFailures[id] = nil
        case .analysisFailed(let id, let file, let reason):
            guard recordings[id] == file else { return [] }
            intonation[id] = nil
            analysisFailures[id] = reason
        }
        return []
    }

    package var isFinished: Bool { false }

    package static func action(for outcome: EffectOutcome) -> Action? {
        switch outcome {
        case .recorded(let line, let file): .recorded(line: line, file: file)
        case .recordingFailed(let line, let reason): .recordingFailed(line: line, reason: reason)
        case .compared(let line, let mode, let file): .compared(line: line, mode: mode, file: file)
        case .comparisonFailed(let line, _, let reason): .comparisonFailed(line: line, reason: reason)
        case .analysed(let line, let file, let result): .analysed(line: line, recording: file, result: result)
        case .analysisFailed(let line, let file, let reason): .analysisFailed(line: line, recording: file, reason: reason)
        }
    }

    package func line(_ id: String) -> TranscriptLine? { lines.first { $0.id == id } }

    package func result(at now: Date) -> ActivityResult {
        let items = lines.map { line -> ItemOutcome in
            let recorded = recordings[line.id] != nil
            let modes = comparisons[line.id].map { $0.keys.map { $0.rawValue }.sorted().joined(separator: ", ") }
            let score = intonation[line.id].map { "intonation \($0.score)/100" }
            let notes = [modes.map { "compared: " + $0 }, score].compactMap { $0 }
            return ItemOutcome(id: line.id, prompt: line.text, answer: recorded ? "recorded" : nil,
                               outcome: recorded ? .done : .unanswered,
                               note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
        return ActivityResult(activity: .pronunciation, startedAt: startedAt, finishedAt: now, items: items,
                              details: .pronunciation(recorded: recordings.count, lines: lines.count))
    }
}

/// The name its rows are stored under (kept as it was when the action was first stored).
extension PronunciationEngine.Action: StoredAction {
    package var storedName: String {
        switch self {
        case .hearOriginal: "hearOriginal"
        case .record: "record"
        case .recorded: "recorded"
        case .recordingFailed: "recordingFailed"
        case .compare: "compare"
        case .compared: "compared"
        case .comparisonFailed: "comparisonFailed"
        case .hearSlowly: "hearSlowly"
        case .analysed: "analysed"
        case .analysisFailed: "analysisFailed"
        }
    }
}
