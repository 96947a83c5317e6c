/// Activity 5: choose a line, hear it, record yourself, and hear the two together.
package enum PronunciationPresenter: ActivityPresenter {
    package typealias Engine = PronunciationEngine

    package struct View: Sendable, Equatable, Storable {
        package struct Row: Sendable, Equatable, Storable {
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

    package enum Event: Sendable, Equatable, Storable {
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

    package static func describe(_ mode: VoiceComparison, _ strings: Strings) -> String {
        switch mode {
        case .simultaneous: strings.text("pronunciation.compared.both")
        case .sequential: strings.text("pronunciation.compared.one-after")
        }
    }

    package static func view(of engine: PronunciationEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let strings = context.strings
        let line = engine.lines.indices.contains(local.current) ? engine.lines[local.current] : nil
        let recorded = line.map { engine.recordings[$0.id] != nil } ?? false
        let compared = line.flatMap { engine.comparisons[$0.id] }?.keys.sorted { $0.rawValue < $1.rawValue }
            .map { describe($0, strings) }
        var status = strings.text(recorded ? "pronunciation.recorded" : "pronunciation.not-recorded")
        if let compared, !compared.isEmpty {
            status += " · " + strings.text("pronunciation.compared", ["ways": compared.joined(separator: strings.text("list.separator"))])
        }
        let recording = context.recording.map { progress in
            strings.text("pronunciation.recording-left", ["time": strings.counted("second", progress.remaining(at: now))])
        }
        return View(line: line.map { SpokenLine($0, in: context) },
                    position: line == nil ? strings.text("no-lines")
                        : strings.text("line-of", ["line": "\(local.current + 1)", "total": "\(engine.lines.count)"]),
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
        guard engine.intonation[id] == nil else { return nil }
        return IntonationWording.pending(recorded: engine.recordings[id] != nil, measuring: context.analysing.contains(id),
                                         failure: engine.analysisFailures[id], context.strings)
    }

    package static func reduce(_ event: Event, engine: PronunciationEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<PronunciationEngine> {
        let strings = context.strings
        guard !engine.lines.isEmpty else { return .say(strings.text("no-lines")) }
        let line = engine.lines[min(local.current, engine.lines.count - 1)]
        switch event {
        case .move(let step):
            local.current = CursorStep.clamped(local.current, by: step, count: engine.lines.count)
        case .select(let index):
            guard engine.lines.indices.contains(index) else {
                return .say(strings.text("no-such-line", ["line": position(index), "count": "\(engine.lines.count)"]), .bad)
            }
            local.current = index
        case .hearOriginal:
            return Reaction(actions: [.hearOriginal(line: line.id)], message: Message(strings.text("pronunciation.playing-original")))
        case .record:
            // The same key that starts a recording ends it early.
            guard context.recording == nil else { return Reaction(effects: [.stopRecording]) }
            return Reaction(actions: [.record(line: line.id)],
                            message: Message(strings.text("pronunciation.recording"), .accent))
        case .stopRecording:
            return context.recording == nil ? Reaction() : Reaction(effects: [.stopRecording])
        case .compare(let mode):
            guard engine.recordings[line.id] != nil else { return .say(strings.text("pronunciation.record-first"), .bad) }
            return Reaction(actions: [.compare(line: line.id, mode: mode)])
        case .hearSlowly(let speed):
            guard PronunciationEngine.slowSpeeds.contains(speed) else {
                return .say(strings.text("pronunciation.slow-speeds"), .bad)
            }
            return Reaction(actions: [.hearSlowly(line: line.id, speed: speed)],
                            message: Message(strings.text("pronunciation.playing-original-at", ["speed": speedText(speed, strings)])))
        }
        return Reaction()
    }

    package static func message(after outcome: EffectOutcome, context: PresentationContext) -> Message? {
        let strings = context.strings
        return switch outcome {
        case .recorded: Message(strings.text("pronunciation.recorded-compare"), .good)
        case .compared(_, let mode, _): Message(strings.text(mode == .simultaneous
            ? "pronunciation.playing-both" : "pronunciation.playing-one-after"))
        case .comparisonFailed(_, _, let reason): Message(strings.text("pronunciation.cannot-compare", ["reason": reason]), .bad)
        case .recordingFailed, .analysed, .analysisFailed: IntonationWording.message(after: outcome, strings)
        }
    }

    /// "0.75× speed".
    package static func speedText(_ speed: Double, _ strings: Strings) -> String {
        strings.text("speed", ["speed": Wording.decimal(speed)])
    }
}
