import Foundation
import LessonpackActivities
import LessonpackModel

/// Activity 5: choose a line, hear it, record yourself, and hear the two together.
package enum PronunciationPresenter: ActivityPresenter {
    package typealias Engine = PronunciationEngine

    package struct View: Sendable, Equatable, Codable {
        package struct Row: Sendable, Equatable, Codable {
            package var number: Int
            package var text: String
            package var recorded: Bool
            package var isCurrent: Bool
        }

        package var line: SpokenLine?
        /// "Line 3 of 21".
        package var position: String
        /// "recorded · compared: both at once", "not recorded yet".
        package var status: String
        package var recorded: Bool
        /// Why the last recording or comparison of this line did not work.
        package var failure: String?
        /// "Recording: say the line now. 4 seconds left.", while a recording is under way.
        package var recording: String?
        package var rows: [Row]
        package var current: Int
        /// The intonation of this line's latest recording, once analysed.
        package var intonation: IntonationResult?
        /// "Measuring your intonation…" while the analysis runs, or why it could not be done.
        package var intonationStatus: String?
    }

    package enum Event: Sendable, Equatable, Codable {
        case move(Int)
        case select(Int)
        case hearOriginal
        /// Starts a recording of the line, or ends the one under way.
        case record
        case stopRecording
        case compare(VoiceComparison)
        /// The original, slowed to this speed (0.75 or 0.5) with its pitch kept.
        case hearSlowly(Double)
    }

    package struct Local: Sendable, Equatable {
        package var current = 0
    }

    package static func local(for engine: PronunciationEngine, context: PresentationContext) -> Local { Local() }

    package static func describe(_ mode: VoiceComparison) -> String {
        switch mode {
        case .simultaneous: "both at once"
        case .sequential: "one after the other"
        }
    }

    package static func view(of engine: PronunciationEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let line = engine.lines.indices.contains(local.current) ? engine.lines[local.current] : nil
        let recorded = line.map { engine.recordings[$0.id] != nil } ?? false
        let compared = line.flatMap { engine.comparisons[$0.id] }?.keys.sorted { $0.rawValue < $1.rawValue }.map(describe)
        var status = recorded ? "recorded" : "not recorded yet"
        if let compared, !compared.isEmpty { status += " · compared: " + compared.joined(separator: ", ") }
        let recording = context.recording.map { progress in
            "Recording: say the line now. \(Wording.count(progress.remaining(at: now), "second")) left."
        }
        return View(line: line.map { SpokenLine($0, in: context) },
                    position: line == nil ? "There are no lines." : "Line \(local.current + 1) of \(engine.lines.count)",
                    status: status, recorded: recorded, failure: line.flatMap { engine.failures[$0.id] },
                    recording: recording,
                    rows: engine.lines.enumerated().map { index, line in
                        View.Row(number: index + 1, text: line.text, recorded: engine.recordings[line.id] != nil,
                                 isCurrent: index == local.current)
                    },
                    current: local.current,
                    intonation: line.flatMap { engine.intonation[$0.id] },
                    intonationStatus: line.flatMap { intonationStatus(of: $0.id, in: engine, context: context) })
    }

    private static func intonationStatus(of id: String, in engine: PronunciationEngine, context: PresentationContext) -> String? {
        guard engine.recordings[id] != nil, engine.intonation[id] == nil else { return nil }
        if context.analysing.contains(id) { return "Measuring your intonation…" }
        if let reason = engine.analysisFailures[id] { return "No intonation feedback: \(reason)" }
        // A session that ended before the measurement did: the next recording is measured.
        return nil
    }

    package static func reduce(_ event: Event, engine: PronunciationEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<PronunciationEngine> {
        guard !engine.lines.isEmpty else { return .say("There are no lines.") }
        let line = engine.lines[min(local.current, engine.lines.count - 1)]
        switch event {
        case .move(let step):
            local.current = CursorStep.clamped(local.current, by: step, count: engine.lines.count)
        case .select(let index):
            guard engine.lines.indices.contains(index) else {
                return .say("There is no line \(position(index)): the lines are 1 to \(engine.lines.count).", .bad)
            }
            local.current = index
        case .hearOriginal:
            return Reaction(actions: [.hearOriginal(line: line.id)], message: Message("Playing the original."))
        case .record:
            // The same key that starts a recording ends it early.
            guard context.recording == nil else { return Reaction(effects: [.stopRecording]) }
            return Reaction(actions: [.record(line: line.id)],
                            message: Message("Recording: say the line now.", .accent))
        case .stopRecording:
            return context.recording == nil ? Reaction() : Reaction(effects: [.stopRecording])
        case .compare(let mode):
            guard engine.recordings[line.id] != nil else { return .say("Record this line first.", .bad) }
            return Reaction(actions: [.compare(line: line.id, mode: mode)])
        case .hearSlowly(let speed):
            guard PronunciationEngine.slowSpeeds.contains(speed) else {
                return .say("The original can be slowed to 0.75 or 0.5 of its speed.", .bad)
            }
            return Reaction(actions: [.hearSlowly(line: line.id, speed: speed)],
                            message: Message("Playing the original at \(speedText(speed))."))
        }
        return Reaction()
    }

    package static func message(after outcome: EffectOutcome) -> Message? {
        switch outcome {
        case .recorded: Message("Recorded: compare it with the original.", .good)
        case .recordingFailed(_, let reason): Message("Cannot record: \(reason)", .bad)
        case .compared(_, let mode, _): Message(mode == .simultaneous
            ? "Playing both at once: the original on the left, you on the right."
            : "Playing the original, then you.")
        case .comparisonFailed(_, _, let reason): Message("Cannot compare: \(reason)", .bad)
        case .analysed(_, _, let result): Message("Intonation: \(result.score)/100. \(result.feedback)",
                                                   result.score >= 70 ? .good : .accent)
        case .analysisFailed(_, _, let reason): Message("No intonation feedback: \(reason)", .bad)
        }
    }

    /// "0.75× speed".
    package static func speedText(_ speed: Double) -> String {
        (speed == 0.5 ? "0.5" : speed == 0.75 ? "0.75" : String(format: "%.2f", speed)) + "× speed"
    }
}
