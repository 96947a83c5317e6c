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
        let state: View.State = engine.hasEnded(at: now) ? .ended : engine.isPlaying ? .playing : .paused
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
                    length: context.strings.text("video.length", ["time": Wording.clock(engine.duration)]))
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
        }
    }
}
