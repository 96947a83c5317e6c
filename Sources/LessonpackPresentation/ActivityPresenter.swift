import Foundation
import LessonpackActivities
import LessonpackModel

/// Turns an activity's engine into what a learner is shown and may do, for every front end alike: the full-screen
/// terminal, plain mode, and the browser preview render the same `View`, and send the same `Event`s back. Every
/// sentence a learner reads about an activity is written here, once. A presenter is pure: it reads the engine and
/// its own `Local` state (what is selected, what is typed: nothing the record needs), and answers an event with
/// the engine actions to record, effects to carry out unrecorded, and a message.
public protocol ActivityPresenter {
    associatedtype Engine: ActivityEngine
    associatedtype View: Sendable & Equatable & Codable
    associatedtype Event: Sendable & Equatable
    associatedtype Local: Sendable & Equatable

    static func local(for engine: Engine, context: PresentationContext) -> Local
    static func view(of engine: Engine, local: Local, context: PresentationContext, at now: Date) -> View
    static func reduce(_ event: Event, engine: Engine, local: inout Local, context: PresentationContext,
                       at now: Date) -> Reaction<Engine>
    /// What happens when the learner opens the activity (a question played when listening comes first).
    static func enter(engine: Engine, local: Local, context: PresentationContext) -> Reaction<Engine>
    /// What to tell the learner when an effect comes back (a recording made, or why not).
    static func message(after outcome: EffectOutcome) -> Message?
}

extension ActivityPresenter {
    public static func enter(engine: Engine, local: Local, context: PresentationContext) -> Reaction<Engine> { Reaction() }
    public static func message(after outcome: EffectOutcome) -> Message? { nil }
}

/// What a presenter answers an event with.
public struct Reaction<Engine: ActivityEngine>: Sendable {
    /// Engine actions, recorded in order and applied.
    public var actions: [Engine.Action]
    /// Effects carried out without being recorded (replaying a span of the video, say).
    public var effects: [Effect]
    public var message: Message?
    /// What the session must do beyond this attempt.
    public var request: Request<Engine.Options>?

    public init(actions: [Engine.Action] = [], effects: [Effect] = [], message: Message? = nil,
                request: Request<Engine.Options>? = nil) {
        self.actions = actions
        self.effects = effects
        self.message = message
        self.request = request
    }

    public static func say(_ text: String, _ tone: Tone = .plain) -> Reaction { Reaction(message: Message(text, tone)) }
}

public enum Request<Options: Sendable>: Sendable {
    /// A new attempt at the activity (another go, a new game at a level).
    case newAttempt(Options)
}

/// A sentence for the learner, with how it should look.
public struct Message: Sendable, Equatable, Codable {
    public var text: String
    public var tone: Tone

    public init(_ text: String, _ tone: Tone = .plain) {
        self.text = text
        self.tone = tone
    }
}

public enum Tone: String, Sendable, Equatable, Codable {
    case plain, good, bad, accent, muted
}

/// What a presenter knows besides its engine: the module, which attempt this is, and the learner's settings.
public struct PresentationContext: Sendable {
    public var module: Module
    /// 1 for the learner's first attempt at the activity.
    public var attempt: Int
    public var settings: LearnerSettings
    /// The last finished attempt's result, for activities that show it again (the test).
    public var lastResult: ActivityResult?
    /// A recording under way, for the pronunciation activity.
    public var recording: RecordingProgress?

    public init(module: Module, attempt: Int = 1, settings: LearnerSettings = LearnerSettings(),
                lastResult: ActivityResult? = nil, recording: RecordingProgress? = nil) {
        self.module = module
        self.attempt = attempt
        self.settings = settings
        self.lastResult = lastResult
        self.recording = recording
    }

    public func speaker(_ id: String) -> Speaker? { module.speakers.first { $0.id == id } }
}

/// What the learner chooses for themselves, remembered between sessions.
public struct LearnerSettings: Sendable, Equatable, Codable {
    /// Listening comes first: the text of answers and tiles is hidden until heard, questions play on their own,
    /// and subtitles off hides the transcript too.
    public var listeningFirst: Bool

    public init(listeningFirst: Bool = false) { self.listeningFirst = listeningFirst }
}

/// A recording being made: which line, since when, for how long at most.
public struct RecordingProgress: Sendable, Equatable {
    public var line: String
    public var startedAt: Date
    public var seconds: Double

    public init(line: String, startedAt: Date, seconds: Double) {
        self.line = line
        self.startedAt = startedAt
        self.seconds = seconds
    }

    public func remaining(at now: Date) -> Int { max(0, Int((seconds - now.timeIntervalSince(startedAt)).rounded(.up))) }
}

/// A transcript line as shown: who says it, in their colour, and what.
public struct SpokenLine: Sendable, Equatable, Codable {
    public var id: String
    public var speaker: String
    /// `#RRGGBB`, the speaker's colour.
    public var colour: String?
    public var text: String
    public var start: String

    public init(_ line: TranscriptLine, in context: PresentationContext) {
        id = line.id
        let speaker = context.speaker(line.speaker)
        self.speaker = speaker?.name ?? line.speaker
        colour = speaker?.colour
        text = line.text
        start = Wording.clock(line.start)
    }
}
