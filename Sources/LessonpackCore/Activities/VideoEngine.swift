/// Whose lines the video's subtitles show.
package enum SubtitleChoice: Storable, Sendable, Equatable {
    case off
    case everyone
    /// One speaker's lines only, by the speaker's id in the module.
    case speaker(String)
}

/// Whose voices the video's sound keeps.
package enum VoiceChoice: Storable, Sendable, Equatable {
    case everyone
    /// One speaker's voice alone, by the speaker's id: the others' lines are silent.
    case only(String)
    /// Everyone but one speaker, by id: their lines are silent.
    case without(String)
}

extension SubtitleChoice {
    /// As a learner's setting is kept: `off`, `everyone` or `speaker:ID`.
    package init?(setting: String) {
        switch setting {
        case "off": self = .off
        case "everyone": self = .everyone
        default:
            guard setting.hasPrefix("speaker:"), setting.utf8.count > 8 else { return nil }
            self = .speaker(String(setting.dropFirst(8)))
        }
    }

    package var setting: String {
        switch self {
        case .off: "off"
        case .everyone: "everyone"
        case .speaker(let id): "speaker:" + id
        }
    }
}

/// Activity 1, the conversation video: play, pause and seek, subtitles for everyone, for one speaker or off, and the
/// subtitle for any moment. Time is passed in with each action, so the engine never reads a clock of its own.
package struct VideoEngine: ActivityEngine {
    package typealias Setup = NoSetup

    package enum Action: Storable, Sendable, Equatable {
        /// Plays from where the video is; from the start again once it has ended.
        case play
        case pause
        /// Moves to a time (kept within the video), playing on if it was playing.
        case seek(to: Double)
        /// Jumps to the start of a line and plays.
        case replayLine(line: String)
        /// Everyone's subtitles, or none.
        case setSubtitles(on: Bool)
        /// Whose subtitles to show; a speaker the module does not have changes nothing.
        case chooseSubtitles(SubtitleChoice)
        /// Whose voices to hear, playing on from where the video is; a speaker the module does not have changes
        /// nothing.
        case chooseVoices(VoiceChoice)
    }

    package static let kind = ActivityKind.video
    package static let isScored = false

    package static func parts(of setup: NoSetup, in module: Module) -> [ModulePart] {
        module.transcript.map { ModulePart.line($0.id) } + (module.video.map { [ModulePart.media($0)] } ?? [])
    }

    package let setup = NoSetup()
    package let lines: [TranscriptLine]
    package let duration: Double
    package let startedAt: Date
    package let video: String?
    /// The module's speakers, for a choice of one speaker's subtitles.
    package let speakers: [Speaker]
    package private(set) var subtitles = SubtitleChoice.everyone
    package private(set) var voices = VoiceChoice.everyone
    package private(set) var isPlaying = false
    /// How far into the video the learner has got, for the result.
    package private(set) var furthest: Double = 0
    private var anchorPosition: Double = 0
    private var anchorTime: Date?

    /// The video's duration comes from the media manifest; without it the last line's end stands in.
    package init(module: Module, setup: NoSetup, startedAt: Date) {
        lines = module.transcript.sorted { $0.start < $1.start }
        video = module.video
        speakers = module.speakers
        // Only sane numbers: a manifest is untrusted, and a clock must be able to show the duration.
        let recorded = module.media.first { $0.path == module.video }?.duration
        duration = [recorded, lines.last?.end].compactMap { $0 }.filter { $0.isFinite && $0 >= 0 }
            .map { min($0, 360_000) }.max() ?? 0
        self.startedAt = startedAt
    }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        switch action {
        case .play:
            let here = position(at: now)
            furthest = max(furthest, here)
            anchorPosition = here >= duration ? 0 : here
            anchorTime = now
            isPlaying = true
        case .pause:
            anchorPosition = position(at: now)
            furthest = max(furthest, anchorPosition)
            anchorTime = nil
            isPlaying = false
        case .seek(let seconds):
            furthest = max(furthest, position(at: now))
            anchorPosition = min(max(0, seconds), duration)
            anchorTime = isPlaying ? now : nil
        case .replayLine(let id):
            guard let line = lines.first(where: { $0.id == id }) else { return [] }
            _ = apply(.seek(to: line.start), at: now)
            return apply(.play, at: now)
        case .setSubtitles(let on):
            subtitles = on ? .everyone : .off
            return []
        case .chooseSubtitles(let choice):
            if case .speaker(let id) = choice, !speakers.contains(where: { $0.id == id }) { return [] }
            subtitles = choice
            return []
        case .chooseVoices(let choice):
            switch choice {
            case .everyone: break
            case .only(let id), .without(let id): guard speakers.contains(where: { $0.id == id }) else { return [] }
            }
            voices = choice
        }
        return sound(at: now)
    }

    /// Keeps the sound where the clock is: playing from the new position, with the voices chosen, or stopped.
    private func sound(at now: Date) -> [Effect] {
        guard isPlaying, !hasEnded(at: now), let video else { return [.stopSound] }
        let silenced = lines.filter { !isHeard($0) }
        guard !silenced.isEmpty else { return [.play(media: video, from: position(at: now))] }
        return [.playSilencing(media: video, from: position(at: now),
                               silenced: silenced.map { SoundSpan(start: $0.start, end: $0.end) })]
    }

    /// Whether `line`'s voice is heard with the voices chosen.
    package func isHeard(_ line: TranscriptLine) -> Bool {
        switch voices {
        case .everyone: true
        case .only(let id): line.speaker == id
        case .without(let id): line.speaker != id
        }
    }

    package var isFinished: Bool { false }

    /// Seconds into the video at `now`: stops at the end.
    package func position(at now: Date) -> Double {
        guard isPlaying, let anchorTime else { return anchorPosition }
        return min(duration, anchorPosition + max(0, now.timeIntervalSince(anchorTime)))
    }

    package func hasEnded(at now: Date) -> Bool { position(at: now) >= duration }

    /// The line spoken at `seconds`, whether or not subtitles are on; nil between lines.
    package func line(atSecond seconds: Double) -> TranscriptLine? {
        // Lines are sorted and do not overlap: find the last one starting at or before `seconds`.
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].start <= seconds { low = middle + 1 } else { high = middle }
        }
        guard low > 0, seconds < lines[low - 1].end else { return nil }
        return lines[low - 1]
    }

    /// Whether any subtitles show.
    package var subtitlesOn: Bool { subtitles != .off }

    /// Whether `line`'s subtitle shows with the subtitles chosen.
    package func showsSubtitle(of line: TranscriptLine) -> Bool {
        switch subtitles {
        case .off: false
        case .everyone: true
        case .speaker(let id): line.speaker == id
        }
    }

    /// What to show under the video at `now`: the line spoken, when its speaker's subtitles show.
    package func subtitle(at now: Date) -> TranscriptLine? {
        line(atSecond: position(at: now)).flatMap { showsSubtitle(of: $0) ? $0 : nil }
    }

    package func result(at now: Date) -> ActivityResult {
        ActivityResult(activity: .video, startedAt: startedAt, finishedAt: now,
                       details: .video(watchedSeconds: max(furthest, position(at: now)), durationSeconds: duration,
                                       subtitlesOn: subtitlesOn))
    }
}

/// The name its rows are stored under (kept as it was when the action was first stored).
extension VideoEngine.Action: StoredAction {
    package var storedName: String {
        switch self {
        case .play: "play"
        case .pause: "pause"
        case .seek: "seek"
        case .replayLine: "replayLine"
        case .setSubtitles: "setSubtitles"
        case .chooseSubtitles: "chooseSubtitles"
        case .chooseVoices: "chooseVoices"
        }
    }
}
