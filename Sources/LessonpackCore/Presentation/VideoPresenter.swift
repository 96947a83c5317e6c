/// Activity 1: the clock, the subtitle, and the transcript around it.
package enum VideoPresenter: ActivityPresenter {
    package typealias Engine = VideoEngine

    package struct View: Sendable, Equatable, Storable {
        package enum State: String, Sendable, Storable { case playing, paused, ended }

        package var state: State
        /// "0:05 / 1:47".
        package var clock: String
        package var position: Double
        package var duration: Double
        package var subtitlesOn: Bool
        /// The speaker whose subtitles alone show, by name; nil for everyone's, or none.
        package var subtitleSpeaker: String?
        /// "subtitles on", "subtitles: only Helen Clarke", "subtitles off", in the learner's language.
        package var subtitles: String
        /// The speakers whose subtitles the learner can choose, by name, in the module's order.
        package var speakers: [String]
        /// "only Helen Clarke's voice", "every voice but Helen Clarke's"; nil while every voice is heard.
        package var voices: String?
        /// The same for a page's controls: `everyone`, `only:N` or `without:N`, N a speaker's place in `speakers`.
        package var hearing: String
        /// The line spoken now, when its speaker's subtitles show.
        package var subtitle: SpokenLine?
        /// Between lines, with subtitles on: the next line whose subtitle shows, so that wherever the learner lands
        /// (a rewind to the start, a pause between lines) they read what they are about to hear.
        package var upcoming: SpokenLine?
        /// Every line with its time; empty when listening comes first and subtitles are off.
        package var transcript: [SpokenLine]
        /// How many lines there are, shown or not.
        package var lineCount: Int
        /// The line the learner has chosen, or the one playing.
        package var current: Int
        /// Said instead of the transcript when it is hidden.
        package var hidden: String?
        /// "The conversation lasts 1:47."
        package var length: String
        /// Whether the learner can play a speaker here: the author has not switched role play off, and the
        /// conversation has two speakers or more.
        package var canRolePlay: Bool
        /// The role play under way, or the latest one; nil before the first.
        package var rolePlay: RolePlayView?
    }

    /// A role play as shown: whose lines the learner says, where the conversation is, and how each line went.
    package struct RolePlayView: Sendable, Equatable, Storable {
        package enum State: String, Sendable, Storable {
            /// The others speak; the video stops at the learner's next line.
            case listening
            /// The video waits for the learner to say their line.
            case yourLine
            case recording
            /// Every line of the learner's is done.
            case over
            /// The learner stopped before the end.
            case stopped
        }

        package struct Row: Sendable, Equatable, Storable {
            /// The line's number in the transcript, from 1.
            package var number: Int
            package var text: String
            package var said: Bool
            /// "Intonation: 72/100. …", "Measuring your intonation…", or why there is none; nil before it is said.
            package var feedback: String?
            package var intonation: IntonationResult?
        }

        package var state: State
        /// The speaker the learner plays, by name.
        package var speaker: String
        /// "Role play: you are Helen Clarke. 2 of 5 lines said."
        package var status: String
        /// "Your line: …" while the video waits at it, or is about to; once the last is said, what the learner can do
        /// next.
        package var prompt: String?
        /// The line the role play waits at.
        package var line: SpokenLine?
        /// What the others say before it, since the learner's last line: what the learner answers.
        package var before: [SpokenLine]
        /// "Recording: say the line now. 4 seconds left."
        package var recording: String?
        /// Why the last recording of the line did not work.
        package var failure: String?
        package var spoken: Int
        package var total: Int
        /// Each of the learner's lines, in order.
        package var rows: [Row]
        /// The row of the line the role play waits at; nil once none is left.
        package var current: Int?
    }

    package enum Event: Sendable, Equatable, Storable {
        case togglePlay, play, pause
        case rewind, forward, toStart
        case seek(Double)
        case moveCursor(Int)
        /// Plays the chosen line, or line `index` when given.
        case replayLine(Int?)
        case toggleSubtitles
        case setSubtitles(Bool)
        /// One speaker's subtitles (by their place among the module's speakers), or everyone's for nil.
        case subtitlesFor(speaker: Int?)
        /// Everyone's subtitles, then each speaker's alone, then none, then everyone's again.
        case nextSubtitles
        /// Only one speaker's voice (by their place among the module's speakers), every voice but one, or all.
        case hearOnly(speaker: Int)
        case hearWithout(speaker: Int)
        case hearEveryone
        /// Every voice, then each speaker's alone, then (with more than two speakers) every voice but each one's.
        case nextVoices
        /// A role play from the start, the learner saying one speaker's lines (by their place among the speakers).
        case playPart(speaker: Int)
        /// A role play as the first speaker, then as each of the others, then none.
        case nextPart
        /// Records the learner's line, or ends the recording under way.
        case sayLine
        /// Lets the video say the learner's line, and goes on.
        case skipLine
        /// The conversation with the learner's recordings in place of their lines.
        case hearYours
        case stopRolePlay
    }

    package struct Local: Sendable, Equatable {
        /// The line chosen with the arrows; nil follows the video.
        package var cursor: Int?
    }

    package static func local(for engine: VideoEngine, context: PresentationContext) -> Local { Local() }

    static func transcriptHidden(_ engine: VideoEngine, _ context: PresentationContext) -> Bool {
        context.settings.listeningFirst && !engine.subtitlesOn
    }

    package static func view(of engine: VideoEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let position = engine.position(at: now)
        // Stopped at the learner's line in a role play, the video is paused until they have said it.
        let state: View.State = engine.hasEnded(at: now) ? .ended
            : engine.isPlaying && !engine.isWaiting(at: now) ? .playing : .paused
        let hidden = transcriptHidden(engine, context)
        let speaker = chosenSpeaker(engine)
        return View(state: state, clock: "\(Wording.clock(position)) / \(Wording.clock(engine.duration))", position: position,
                    duration: engine.duration, subtitlesOn: engine.subtitlesOn, subtitleSpeaker: speaker?.name,
                    subtitles: subtitlesWording(engine.subtitles, speaker: speaker, context.strings),
                    speakers: engine.speakers.map { $0.name }, voices: voicesWording(engine, context.strings),
                    hearing: hearing(engine),
                    subtitle: engine.subtitle(at: now).map { SpokenLine($0, in: context) },
                    upcoming: engine.subtitlesOn && engine.subtitle(at: now) == nil
                        ? engine.lines.first { $0.start > position && engine.showsSubtitle(of: $0) }
                            .map { SpokenLine($0, in: context) } : nil,
                    transcript: hidden ? [] : engine.lines.map { SpokenLine($0, in: context) }, lineCount: engine.lines.count,
                    current: local.cursor ?? currentIndex(engine, at: now),
                    hidden: hidden ? context.strings.text("video.transcript-hidden") : nil,
                    length: context.strings.text("video.length", ["time": Wording.clock(engine.duration)]),
                    canRolePlay: engine.offersRolePlay,
                    rolePlay: rolePlayView(engine, context: context, at: now))
    }

    static func rolePlayView(_ engine: VideoEngine, context: PresentationContext, at now: Date) -> RolePlayView? {
        guard let rolePlay = engine.rolePlay else { return nil }
        let strings = context.strings
        let name = context.speaker(rolePlay.speaker)?.name ?? rolePlay.speaker
        let awaited = engine.awaitedLine
        let state: RolePlayView.State = rolePlay.recording != nil ? .recording
            : rolePlay.closed ? .stopped : rolePlay.finishedAt != nil ? .over
            : engine.isWaiting(at: now) ? .yourLine : .listening
        let theirs = engine.lines.enumerated().filter { $0.element.speaker == rolePlay.speaker }
        let rows = theirs.map { index, line in
            let said = rolePlay.recordings[line.id] != nil
            let result = rolePlay.intonation[line.id]
            let feedback = result.map { IntonationWording.result($0, strings).text }
                ?? IntonationWording.pending(recorded: said, measuring: context.analysing.contains(line.id),
                                             failure: rolePlay.analysisFailures[line.id], strings)
            return RolePlayView.Row(number: index + 1, text: line.text, said: said, feedback: feedback, intonation: result)
        }
        // The others' lines since the learner's last one, up to the one awaited.
        let awaitedIndex = awaited.flatMap { line in engine.lines.firstIndex(of: line) } ?? engine.lines.count
        let previous = engine.lines[..<awaitedIndex].lastIndex { $0.speaker == rolePlay.speaker }.map { $0 + 1 } ?? 0
        let recording = state == .recording ? context.recording.map { progress in
            strings.text("pronunciation.recording-left", ["time": strings.counted("second", progress.remaining(at: now))])
        } : nil
        return RolePlayView(
            state: state, speaker: name,
            status: strings.counted("role-play.status", theirs.count, ["speaker": name, "spoken": "\(rolePlay.recordings.count)"]),
            prompt: state == .over ? strings.text("role-play.over")
                : awaited.map { strings.text("role-play.your-line", ["text": $0.text]) },
            line: awaited.map { SpokenLine($0, in: context) },
            before: awaited == nil ? [] : engine.lines[previous..<awaitedIndex].map { SpokenLine($0, in: context) },
            recording: recording, failure: awaited.flatMap { rolePlay.failures[$0.id] },
            spoken: rolePlay.recordings.count, total: theirs.count, rows: rows,
            current: awaited.flatMap { line in theirs.firstIndex { $0.element.id == line.id } })
    }

    static func chosenSpeaker(_ engine: VideoEngine) -> Speaker? {
        guard case .speaker(let id) = engine.subtitles else { return nil }
        return engine.speakers.first { $0.id == id }
    }

    static func hearing(_ engine: VideoEngine) -> String {
        func place(_ id: String) -> String { engine.speakers.firstIndex { $0.id == id }.map { "\($0)" } ?? "" }
        return switch engine.voices {
        case .everyone: "everyone"
        case .only(let id): "only:" + place(id)
        case .without(let id): "without:" + place(id)
        }
    }

    static func voicesWording(_ engine: VideoEngine, _ strings: Strings) -> String? {
        func name(_ id: String) -> String { engine.speakers.first { $0.id == id }?.name ?? id }
        return switch engine.voices {
        case .everyone: nil
        case .only(let id): strings.text("screen.video.voices-only", ["speaker": name(id)])
        case .without(let id): strings.text("screen.video.voices-without", ["speaker": name(id)])
        }
    }

    static func subtitlesWording(_ choice: SubtitleChoice, speaker: Speaker?, _ strings: Strings) -> String {
        switch choice {
        case .off: strings.text("screen.video.subtitles-off")
        case .everyone: strings.text("screen.video.subtitles-on")
        case .speaker: strings.text("screen.video.subtitles-one", ["speaker": speaker?.name ?? ""])
        }
    }

    /// Subtitles as the learner last chose them, wherever they choose: kept in their settings, and chosen again when
    /// they next open a video whose module has that speaker (everyone's when it has not).
    package static func enter(engine: VideoEngine, local: Local, context: PresentationContext) -> Reaction<VideoEngine> {
        guard var remembered = context.settings.subtitles else { return Reaction() }
        if case .speaker(let id) = remembered, !engine.speakers.contains(where: { $0.id == id }) { remembered = .everyone }
        return Reaction(actions: remembered == engine.subtitles ? [] : [.chooseSubtitles(remembered)])
    }

    /// Shows `choice`'s subtitles, and remembers it.
    static func choose(_ choice: SubtitleChoice, engine: VideoEngine, context: PresentationContext) -> Reaction<VideoEngine> {
        var settings = context.settings
        settings.subtitles = choice
        return Reaction(actions: choice == engine.subtitles ? [] : [.chooseSubtitles(choice)],
                        remember: settings == context.settings ? nil : settings)
    }

    static func currentIndex(_ engine: VideoEngine, at now: Date) -> Int {
        let position = engine.position(at: now)
        return engine.lines.lastIndex { $0.start <= position } ?? 0
    }

    package static func reduce(_ event: Event, engine: VideoEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<VideoEngine> {
        let position = engine.position(at: now)
        if engine.rolePlay?.isUnderWay == true {
            switch event {
            case .rewind, .forward, .toStart, .seek, .replayLine, .hearOnly, .hearWithout, .hearEveryone, .nextVoices:
                return .say(context.strings.text("role-play.not-now"), .bad)
            default: break
            }
        }
        if event == .togglePlay || event == .play {
            // While the learner's line is recorded, the video stays silent.
            if engine.rolePlay?.recording != nil { return Reaction() }
            // At the learner's line, playing on is saying it (or letting the video say it), not pressing play.
            if engine.isWaiting(at: now) { return .say(context.strings.text("role-play.your-turn"), .accent) }
        }
        switch event {
        case .togglePlay:
            local.cursor = nil
            return Reaction(actions: [engine.isPlaying && !engine.hasEnded(at: now) ? .pause : .play])
        case .play:
            local.cursor = nil
            // At the end, playing starts again from the beginning.
            return Reaction(actions: engine.isPlaying && !engine.hasEnded(at: now) ? [] : [.play])
        case .pause: return Reaction(actions: engine.isPlaying ? [.pause] : [])
        case .rewind:
            local.cursor = nil
            return Reaction(actions: [.seek(to: position - 5)])
        case .forward:
            local.cursor = nil
            return Reaction(actions: [.seek(to: position + 5)])
        case .toStart:
            local.cursor = nil
            return Reaction(actions: [.seek(to: 0)])
        case .seek(let seconds):
            local.cursor = nil
            return Reaction(actions: [.seek(to: seconds)])
        case .moveCursor(let step):
            guard !engine.lines.isEmpty else { return Reaction() }
            local.cursor = CursorStep.clamped(local.cursor ?? currentIndex(engine, at: now), by: step, count: engine.lines.count)
            return Reaction()
        case .replayLine(let index):
            // Without a line chosen, the one the view highlights: the line playing now.
            let chosen = index ?? local.cursor ?? (engine.lines.isEmpty ? nil : currentIndex(engine, at: now))
            local.cursor = nil
            guard let chosen, engine.lines.indices.contains(chosen) else {
                return .say(context.strings.text("no-such-line", [
                    "line": LessonpackCore.position(index ?? 0), "count": "\(engine.lines.count)"]), .bad)
            }
            return Reaction(actions: [.replayLine(line: engine.lines[chosen].id)])
        case .toggleSubtitles: return choose(engine.subtitlesOn ? .off : .everyone, engine: engine, context: context)
        case .setSubtitles(let on):
            // "On" keeps one speaker's subtitles if those are what show.
            return choose(on ? (engine.subtitlesOn ? engine.subtitles : .everyone) : .off, engine: engine, context: context)
        case .subtitlesFor(let index):
            guard let index else { return choose(.everyone, engine: engine, context: context) }
            guard engine.speakers.indices.contains(index) else {
                return .say(context.strings.text("video.no-such-speaker", [
                    "speakers": context.strings.list(engine.speakers.map { $0.name })]), .bad)
            }
            return choose(.speaker(engine.speakers[index].id), engine: engine, context: context)
        case .nextSubtitles:
            let choices = [SubtitleChoice.everyone] + engine.speakers.map { .speaker($0.id) } + [.off]
            let now = choices.firstIndex(of: engine.subtitles) ?? 0
            return choose(choices[(now + 1) % choices.count], engine: engine, context: context)
        case .hearOnly(let index), .hearWithout(let index):
            guard engine.speakers.indices.contains(index) else {
                return .say(context.strings.text("video.no-such-speaker", [
                    "speakers": context.strings.list(engine.speakers.map { $0.name })]), .bad)
            }
            let id = engine.speakers[index].id
            let choice: VoiceChoice = if case .hearOnly = event { .only(id) } else { .without(id) }
            return Reaction(actions: choice == engine.voices ? [] : [.chooseVoices(choice)])
        case .hearEveryone:
            return Reaction(actions: engine.voices == .everyone ? [] : [.chooseVoices(.everyone)])
        case .nextVoices:
            // With two speakers, every voice but one is the other's alone.
            let without: [VoiceChoice] = engine.speakers.count > 2 ? engine.speakers.map { .without($0.id) } : []
            let choices = [VoiceChoice.everyone] + engine.speakers.map { .only($0.id) } + without
            let now = choices.firstIndex(of: engine.voices) ?? 0
            return Reaction(actions: [.chooseVoices(choices[(now + 1) % choices.count])])
        case .playPart(let index):
            guard engine.offersRolePlay else { return .say(context.strings.text("role-play.not-offered"), .bad) }
            guard engine.speakers.indices.contains(index) else {
                return .say(context.strings.text("video.no-such-speaker", [
                    "speakers": context.strings.list(engine.speakers.map { $0.name })]), .bad)
            }
            return startRolePlay(as: engine.speakers[index], engine: engine, context: context)
        case .nextPart:
            guard engine.offersRolePlay else { return .say(context.strings.text("role-play.not-offered"), .bad) }
            // The speakers who have lines, from the one after the last played; after the last, none while one is
            // under way, or the first again.
            let parts = engine.speakers.filter { speaker in engine.lines.contains { $0.speaker == speaker.id } }
            let last = engine.rolePlay.flatMap { rolePlay in parts.firstIndex { $0.id == rolePlay.speaker } }
            let next = last.map { $0 + 1 } ?? 0
            if parts.indices.contains(next) { return startRolePlay(as: parts[next], engine: engine, context: context) }
            if engine.rolePlay?.isUnderWay == true { return stopRolePlay(engine, context) }
            guard let first = parts.first else { return .say(context.strings.text("role-play.not-offered"), .bad) }
            return startRolePlay(as: first, engine: engine, context: context)
        case .sayLine:
            if context.recording != nil { return Reaction(effects: [.stopRecording]) }
            guard let line = engine.awaitedLine else { return .say(context.strings.text("role-play.none"), .bad) }
            return Reaction(actions: [.recordRolePlayLine(line: line.id)],
                            message: Message(context.strings.text("role-play.say-now"), .accent))
        case .skipLine:
            guard context.recording == nil else { return Reaction() }
            guard let line = engine.awaitedLine else { return .say(context.strings.text("role-play.none"), .bad) }
            return Reaction(actions: [.skipRolePlayLine(line: line.id)],
                            message: Message(context.strings.text("role-play.skipped")))
        case .hearYours:
            guard let rolePlay = engine.rolePlay, let video = engine.video else {
                return .say(context.strings.text("role-play.nothing-said"), .bad)
            }
            // Heard once the role play is over or stopped: the video's own sound and clock would go on under it.
            guard !rolePlay.isUnderWay else { return .say(context.strings.text("role-play.hear-after"), .bad) }
            let takes = engine.lines.compactMap { line in
                rolePlay.recordings[line.id].map { LineTake(line: line.id, start: line.start, end: line.end, recording: $0) }
            }
            guard !takes.isEmpty else { return .say(context.strings.text("role-play.nothing-said"), .bad) }
            return Reaction(actions: engine.isPlaying ? [.pause] : [], effects: [.playWithTakes(media: video, takes: takes)],
                            message: Message(context.strings.text("role-play.hearing-yours")))
        case .stopRolePlay:
            return stopRolePlay(engine, context)
        }
    }

    static func startRolePlay(as speaker: Speaker, engine: VideoEngine, context: PresentationContext) -> Reaction<VideoEngine> {
        guard context.recording == nil else { return Reaction() }
        guard engine.lines.contains(where: { $0.speaker == speaker.id }) else {
            return .say(context.strings.text("role-play.no-lines", ["speaker": speaker.name]), .bad)
        }
        return Reaction(actions: [.startRolePlay(speaker: speaker.id)],
                        message: Message(context.strings.text("role-play.start", ["speaker": speaker.name]), .accent))
    }

    /// Stops the role play under way, or puts away one that is over.
    static func stopRolePlay(_ engine: VideoEngine, _ context: PresentationContext) -> Reaction<VideoEngine> {
        guard let rolePlay = engine.rolePlay, !rolePlay.closed else {
            return .say(context.strings.text("role-play.nothing-to-stop"), .bad)
        }
        let total = engine.lines.filter { $0.speaker == rolePlay.speaker }.count
        return Reaction(actions: [.leaveRolePlay],
                        message: Message(context.strings.counted("role-play.stopped", total, [
                            "spoken": "\(rolePlay.recordings.count)"])))
    }

    package static func message(after outcome: EffectOutcome, context: PresentationContext) -> Message? {
        if case .recorded = outcome { return Message(context.strings.text("role-play.said"), .good) }
        return IntonationWording.message(after: outcome, context.strings)
    }
}
