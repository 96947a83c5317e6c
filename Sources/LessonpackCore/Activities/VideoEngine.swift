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

/// A role play: the learner says one speaker's lines, and the video plays everyone else's, stopping before each of
/// the learner's lines until they have said it, or passed it to the video to say.
package struct RolePlay: Sendable, Equatable {
    /// The speaker the learner plays, by id.
    package var speaker: String
    package var startedAt: Date
    /// The index among the engine's lines of the learner's next line; the number of lines once none is left.
    package var next: Int
    /// The learner's recording of each of their lines said.
    package var recordings: [String: String] = [:]
    /// The intonation of each recording once measured, and why it could not be, per line.
    package var intonation: [String: IntonationResult] = [:]
    package var analysisFailures: [String: String] = [:]
    /// Why the last recording of a line did not work.
    package var failures: [String: String] = [:]
    /// The line being recorded, between asking and hearing back.
    package var recording: String?
    /// When the learner's last line was done with; nil before, and for a role play stopped before the end.
    package var finishedAt: Date?
    /// The learner put the role play away: stopped it before the end, or closed it once over.
    package var closed = false

    /// Neither over nor closed: the video waits at each of the learner's lines.
    package var isUnderWay: Bool { finishedAt == nil && !closed }
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
        /// Starts a role play from the beginning, the learner saying `speaker`'s lines (by id).
        case startRolePlay(speaker: String)
        /// Asks for a recording of the learner saying the line the role play waits at.
        case recordRolePlayLine(line: String)
        case rolePlayRecorded(line: String, file: String)
        case rolePlayRecordingFailed(line: String, reason: String)
        /// The learner passes the line to the video, which says it, and goes on.
        case skipRolePlayLine(line: String)
        /// The intonation of `recording` against the original line; kept only while that recording is the line's.
        case rolePlayAnalysed(line: String, recording: String, result: IntonationResult)
        case rolePlayAnalysisFailed(line: String, recording: String, reason: String)
        /// Stops the role play under way: the video is the learner's to play again.
        case leaveRolePlay
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
    /// Whether the module lets the learner play a speaker (`Module.offersRolePlay`).
    package let offersRolePlay: Bool
    /// The latest role play, under way or not.
    package private(set) var rolePlay: RolePlay?
    /// The role plays of this attempt before the latest, as its result keeps them.
    package private(set) var earlierRolePlays: [RolePlaySummary] = []
    private var anchorPosition: Double = 0
    private var anchorTime: Date?
    /// Where playing stops by itself before the end: the start of the line a role play waits at.
    private var stopAt: Double?

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
        offersRolePlay = module.offersRolePlay
    }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        // While a role play runs, the video goes where the conversation takes it, not where the learner seeks.
        if rolePlay?.isUnderWay == true {
            switch action {
            case .seek, .replayLine, .chooseVoices: return []
            // The video is silent while the learner's line is being recorded.
            case .play where rolePlay?.recording != nil: return []
            default: break
            }
        }
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
        case .startRolePlay(let speaker):
            guard offersRolePlay, rolePlay?.recording == nil,
                  lines.contains(where: { $0.speaker == speaker }) else { return [] }
            if let earlier = rolePlay { earlierRolePlays.append(summary(of: earlier)) }
            rolePlay = RolePlay(speaker: speaker, startedAt: now, next: nextLine(of: speaker, from: 0))
            voices = .everyone
            return playConversation(from: 0, at: now)
        case .recordRolePlayLine(let id):
            guard let line = awaitedLine, line.id == id, rolePlay?.recording == nil else { return [] }
            rolePlay?.recording = id
            _ = apply(.pause, at: now)
            return [.stopSound, .record(line: id, seconds: PronunciationEngine.recordingSeconds(for: line), rolePlay: true)]
        case .rolePlayRecorded(let id, let file):
            guard let line = awaitedLine, line.id == id, rolePlay?.recording == id else { return [] }
            rolePlay?.recordings[id] = file
            rolePlay?.failures[id] = nil
            rolePlay?.intonation[id] = nil
            rolePlay?.analysisFailures[id] = nil
            rolePlay?.recording = nil
            // On from the end of the learner's line: the original is not heard.
            return [.analyse(line: id, recording: file)] + passLine(line, resumingAt: line.end, at: now)
        case .rolePlayRecordingFailed(let id, let reason):
            guard rolePlay?.recording == id else { return [] }
            rolePlay?.failures[id] = reason
            rolePlay?.recording = nil
            return []
        case .skipRolePlayLine(let id):
            guard let line = awaitedLine, line.id == id, rolePlay?.recording == nil else { return [] }
            // The video says the line instead.
            return passLine(line, resumingAt: line.start, at: now)
        case .rolePlayAnalysed(let id, let file, let result):
            guard rolePlay?.recordings[id] == file else { return [] }
            rolePlay?.intonation[id] = result
            rolePlay?.analysisFailures[id] = nil
            return []
        case .rolePlayAnalysisFailed(let id, let file, let reason):
            guard rolePlay?.recordings[id] == file else { return [] }
            rolePlay?.intonation[id] = nil
            rolePlay?.analysisFailures[id] = reason
            return []
        case .leaveRolePlay:
            guard let current = rolePlay, !current.closed else { return [] }
            rolePlay?.closed = true
            // Once over, only the role play is put away; the end of the conversation plays on.
            guard current.isUnderWay else { return [] }
            let stopRecording: [Effect] = current.recording == nil ? [] : [.stopRecording]
            rolePlay?.recording = nil
            _ = apply(.pause, at: now)
            stopAt = nil
            return stopRecording + [.stopSound]
        }
        return sound(at: now)
    }

    /// The index of `speaker`'s first line at or after `index`, or the number of lines when none is left.
    private func nextLine(of speaker: String, from index: Int) -> Int {
        lines[min(index, lines.count)...].firstIndex { $0.speaker == speaker } ?? lines.count
    }

    /// The line the role play waits at (or is recording): the learner's next line, while the role play is under way.
    package var awaitedLine: TranscriptLine? {
        guard let rolePlay, rolePlay.isUnderWay, lines.indices.contains(rolePlay.next) else { return nil }
        return lines[rolePlay.next]
    }

    /// Done with the learner's line `line`: on to their next, and the conversation plays from `resume` up to it.
    private mutating func passLine(_ line: TranscriptLine, resumingAt resume: Double, at now: Date) -> [Effect] {
        guard let speaker = rolePlay?.speaker, let index = lines.firstIndex(of: line) else { return [] }
        let next = nextLine(of: speaker, from: index + 1)
        rolePlay?.next = next
        if next == lines.count { rolePlay?.finishedAt = now }
        return playConversation(from: resume, at: now)
    }

    /// Plays the conversation from `start` up to the learner's next line, or to the end once none is left.
    private mutating func playConversation(from start: Double, at now: Date) -> [Effect] {
        furthest = max(furthest, position(at: now))
        stopAt = awaitedLine.map { max(start, $0.start) }
        anchorPosition = min(max(0, start), duration)
        anchorTime = now
        isPlaying = true
        if let stopAt, stopAt <= anchorPosition { return [.stopSound] }
        return sound(at: now)
    }

    /// Keeps the sound where the clock is: playing from the new position, with the voices chosen, or stopped.
    private func sound(at now: Date) -> [Effect] {
        guard isPlaying, !hasEnded(at: now), !isWaiting(at: now), let video else { return [.stopSound] }
        let silenced = lines.filter { !isHeard($0) }
        guard !silenced.isEmpty else { return [.play(media: video, from: position(at: now), until: stopAt)] }
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

    /// Seconds into the video at `now`: stops at the end, and at the line a role play waits at.
    package func position(at now: Date) -> Double {
        guard isPlaying, let anchorTime else { return anchorPosition }
        return min(stopAt ?? duration, duration, anchorPosition + max(0, now.timeIntervalSince(anchorTime)))
    }

    /// Whether the video has stopped at the line a role play waits at, for the learner to say it.
    package func isWaiting(at now: Date) -> Bool {
        guard let stopAt, awaitedLine != nil else { return false }
        return position(at: now) >= stopAt
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

    /// What a result keeps of a role play.
    private func summary(of rolePlay: RolePlay) -> RolePlaySummary {
        RolePlaySummary(speaker: rolePlay.speaker, spoken: rolePlay.recordings.count,
                        lines: lines.filter { $0.speaker == rolePlay.speaker }.count,
                        startedAt: rolePlay.startedAt, finishedAt: rolePlay.finishedAt)
    }

    /// With a role play, each of the learner's lines in the latest is an item: said (with its intonation) or not;
    /// every role play of the attempt is counted in the details.
    package func result(at now: Date) -> ActivityResult {
        var items: [ItemOutcome] = []
        if let rolePlay {
            items = lines.filter { $0.speaker == rolePlay.speaker }.map { line in
                let said = rolePlay.recordings[line.id] != nil
                return ItemOutcome(id: line.id, prompt: line.text, answer: said ? "said" : nil,
                                   outcome: said ? .done : .unanswered,
                                   note: rolePlay.intonation[line.id].map { "intonation \($0.score)/100" })
            }
        }
        let rolePlays = earlierRolePlays + (rolePlay.map { [summary(of: $0)] } ?? [])
        return ActivityResult(activity: .video, startedAt: startedAt, finishedAt: now, items: items,
                              details: .video(watchedSeconds: max(furthest, position(at: now)), durationSeconds: duration,
                                              subtitlesOn: subtitlesOn, rolePlays: rolePlays.isEmpty ? nil : rolePlays))
    }

    package static func action(for outcome: EffectOutcome) -> Action? {
        switch outcome {
        case .recorded(let line, let file): .rolePlayRecorded(line: line, file: file)
        case .recordingFailed(let line, let reason): .rolePlayRecordingFailed(line: line, reason: reason)
        case .analysed(let line, let file, let result): .rolePlayAnalysed(line: line, recording: file, result: result)
        case .analysisFailed(let line, let file, let reason):
            .rolePlayAnalysisFailed(line: line, recording: file, reason: reason)
        case .compared, .comparisonFailed: nil
        }
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
        case .startRolePlay: "startRolePlay"
        case .recordRolePlayLine: "recordRolePlayLine"
        case .rolePlayRecorded: "rolePlayRecorded"
        case .rolePlayRecordingFailed: "rolePlayRecordingFailed"
        case .skipRolePlayLine: "skipRolePlayLine"
        case .rolePlayAnalysed: "rolePlayAnalysed"
        case .rolePlayAnalysisFailed: "rolePlayAnalysisFailed"
        case .leaveRolePlay: "leaveRolePlay"
        }
    }
}
