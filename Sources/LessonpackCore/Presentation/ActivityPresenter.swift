/// Turns an activity's engine into what a learner is shown and may do, for every front end alike: the full-screen
/// terminal, plain mode, and the browser preview render the same `View`, and send the same `Event`s back. Every
/// sentence a learner reads about an activity is written here, once. A presenter is pure: it reads the engine and
/// its own `Local` state (what is selected, what is typed: nothing the record needs), and answers an event with
/// the engine actions to record, effects to carry out unrecorded, and a message.
package protocol ActivityPresenter {
    associatedtype Engine: ActivityEngine
    associatedtype View: Sendable & Equatable & Storable
    associatedtype Event: Sendable & Equatable & Storable
    associatedtype Local: Sendable & Equatable

    static func local(for engine: Engine, context: PresentationContext) -> Local
    static func view(of engine: Engine, local: Local, context: PresentationContext, at now: Date) -> View
    static func reduce(_ event: Event, engine: Engine, local: inout Local, context: PresentationContext,
                       at now: Date) -> Reaction<Engine>
    /// What happens when the learner opens the activity (a question played when listening comes first).
    static func enter(engine: Engine, local: Local, context: PresentationContext) -> Reaction<Engine>
    /// What to tell the learner when an effect comes back (a recording made, or why not).
    static func message(after outcome: EffectOutcome, context: PresentationContext) -> Message?
}

extension ActivityPresenter {
    package static func enter(engine: Engine, local: Local, context: PresentationContext) -> Reaction<Engine> { Reaction() }
    package static func message(after outcome: EffectOutcome, context: PresentationContext) -> Message? { nil }
}

/// What a presenter answers an event with.
package struct Reaction<Engine: ActivityEngine>: Sendable {
    /// Engine actions, recorded in order and applied.
    package var actions: [Engine.Action]
    /// Effects carried out without being recorded (replaying a span of the video, say).
    package var effects: [Effect]
    package var message: Message?
    /// What the session must do beyond this attempt.
    package var request: Request<Engine.Options>?
    /// Settings the learner changed from inside the activity (whose subtitles show), for the host to keep.
    package var remember: LearnerSettings?

    package init(actions: [Engine.Action] = [], effects: [Effect] = [], message: Message? = nil,
                request: Request<Engine.Options>? = nil, remember: LearnerSettings? = nil) {
        self.actions = actions
        self.effects = effects
        self.message = message
        self.request = request
        self.remember = remember
    }

    package static func say(_ text: String, _ tone: Tone = .plain) -> Reaction { Reaction(message: Message(text, tone)) }
}

package enum Request<Options: Sendable>: Sendable {
    /// A new attempt at the activity (another go, a new game at a level).
    case newAttempt(Options)
}

/// A sentence for the learner, with how it should look.
package struct Message: Sendable, Equatable, Storable {
    package var text: String
    package var tone: Tone

    package init(_ text: String, _ tone: Tone = .plain) {
        self.text = text
        self.tone = tone
    }
}

package enum Tone: String, Sendable, Equatable, Storable {
    case plain, good, bad, accent, muted
}

/// What a presenter knows besides its engine: the module, which attempt this is, and the learner's settings.
package struct PresentationContext: Sendable {
    package var module: Module
    /// 1 for the learner's first attempt at the activity.
    package var attempt: Int
    package var settings: LearnerSettings
    /// The last finished attempt's result, for activities that show it again (the test).
    package var lastResult: ActivityResult?
    /// A recording under way, for the pronunciation activity.
    package var recording: RecordingProgress?
    /// Lines whose recording's intonation is being measured right now (the player measures in the background).
    package var analysing: Set<String>
    /// Seconds east of UTC where the learner is, for the moments a presenter shows.
    package var utcOffset: Int

    package init(module: Module, attempt: Int = 1, settings: LearnerSettings = LearnerSettings(),
                lastResult: ActivityResult? = nil, recording: RecordingProgress? = nil, analysing: Set<String> = [],
                utcOffset: Int = 0) {
        self.module = module
        self.attempt = attempt
        self.settings = settings
        self.lastResult = lastResult
        self.recording = recording
        self.analysing = analysing
        self.utcOffset = utcOffset
    }

    package func speaker(_ id: String) -> Speaker? { module.speakers.first { $0.id == id } }

    /// The sentences in the learner's language.
    package var strings: Strings { Strings(settings.language) }
}

/// What the learner chooses for themselves, remembered between sessions.
package struct LearnerSettings: Sendable, Equatable, Storable {
    /// Listening comes first: the text of answers and tiles is hidden until heard, questions play on their own,
    /// and subtitles off hides the transcript too.
    package var listeningFirst: Bool
    /// The screens whose help the learner asked not to be shown again when they open them.
    package var hiddenHelp: Set<String>
    /// The language the player's sentences are in: chosen for each run (`play --ui-language`, or the locale), not
    /// remembered.
    package var language: UILanguage
    /// Whose subtitles the learner last chose to see in a video; nil until they choose (everyone's show).
    package var subtitles: SubtitleChoice?

    package init(listeningFirst: Bool = false, hiddenHelp: Set<String> = [], language: UILanguage = .en,
                subtitles: SubtitleChoice? = nil) {
        self.listeningFirst = listeningFirst
        self.hiddenHelp = hiddenHelp
        self.language = language
        self.subtitles = subtitles
    }
}

/// A recording being made: which line, since when, for how long at most.
package struct RecordingProgress: Sendable, Equatable {
    package var line: String
    package var startedAt: Date
    package var seconds: Double

    package init(line: String, startedAt: Date, seconds: Double) {
        self.line = line
        self.startedAt = startedAt
        self.seconds = seconds
    }

    package func remaining(at now: Date) -> Int {
        Wording.wholeSeconds(seconds - now.timeIntervalSince(startedAt), rounding: .up)
    }
}

/// A transcript line as shown: who says it, in their colour, and what.
package struct SpokenLine: Sendable, Equatable, Storable {
    package var id: String
    package var speaker: String
    /// `#RRGGBB`, the speaker's colour.
    package var colour: String?
    package var text: String
    package var start: String

    package init(_ line: TranscriptLine, in context: PresentationContext) {
        id = line.id
        let speaker = context.speaker(line.speaker)
        self.speaker = speaker?.name ?? line.speaker
        colour = speaker?.colour
        text = line.text
        start = Wording.clock(line.start)
    }
}
