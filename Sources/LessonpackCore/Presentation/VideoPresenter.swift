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
        /// The line spoken now, when subtitles are on.
        package var subtitle: SpokenLine?
        /// Between lines, with subtitles on: the line that comes next, so that wherever the learner lands (a rewind
        /// to the start, a pause between lines) they read what they are about to hear.
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
        return View(state: state, clock: "\(Wording.clock(position)) / \(Wording.clock(engine.duration))", position: position,
                    duration: engine.duration, subtitlesOn: engine.subtitlesOn,
                    subtitle: engine.subtitle(at: now).map { SpokenLine($0, in: context) },
                    upcoming: engine.subtitlesOn && engine.subtitle(at: now) == nil
                        ? engine.lines.first { $0.start > position }.map { SpokenLine($0, in: context) } : nil,
                    transcript: hidden ? [] : engine.lines.map { SpokenLine($0, in: context) }, lineCount: engine.lines.count,
                    current: local.cursor ?? currentIndex(engine, at: now),
                    hidden: hidden ? context.strings.text("video.transcript-hidden") : nil,
                    length: context.strings.text("video.length", ["time": Wording.clock(engine.duration)]))
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
        case .toggleSubtitles: return Reaction(actions: [.setSubtitles(on: !engine.subtitlesOn)])
        case .setSubtitles(let on): return Reaction(actions: on == engine.subtitlesOn ? [] : [.setSubtitles(on: on)])
        }
    }
}
