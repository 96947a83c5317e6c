/// One activity as a pure, deterministic state machine. An attempt starts from a `Setup` (everything that was
/// dealt: a draw, an order, an arrangement), and every change the learner makes is an `Action` that goes through
/// `apply`, live and when a saved attempt is replayed, so a replayed attempt equals the live one by construction.
/// What an action needs done outside the engine (a clip played, a voice recorded) comes back as `Effect`s; the
/// engine never touches a clock, a file or a device. Setups and actions are `Storable`: the progress store keeps
/// them as they are.
package protocol ActivityEngine: Sendable, Equatable {
    associatedtype Setup: Storable & Sendable & Equatable
    associatedtype Action: StoredAction
    /// What the learner chooses when asking for a new attempt (the audio game's level); `NoOptions` for most.
    associatedtype Options: Storable & Sendable & Equatable = NoOptions

    static var kind: ActivityKind { get }
    /// What a new attempt is dealt with unless the learner chose otherwise.
    static var defaultOptions: Options { get }
    /// Scored activities stay in progress until finished; the others count as done when the learner leaves them.
    static var isScored: Bool { get }

    /// Deals a new attempt from `random`, unlike `previous` (the last attempt's setup) wherever another deal is
    /// possible.
    static func deal(for module: Module, random: inout SeededRandom, previous: Setup?, options: Options) -> Setup

    /// The module's parts an attempt with this setup uses, in order: an unfinished attempt carries over to a new
    /// version of the module only when these read the same.
    static func parts(of setup: Setup, in module: Module) -> [ModulePart]

    init(module: Module, setup: Setup, startedAt: Date)

    var setup: Setup { get }
    var startedAt: Date { get }
    /// The one way the state changes. Returns what must be done outside the engine.
    mutating func apply(_ action: Action, at now: Date) -> [Effect]
    /// Whether the attempt is over: its result is final, and saved.
    var isFinished: Bool { get }
    func result(at now: Date) -> ActivityResult

    /// The action that records what came of an effect the player carried out (a recording made, a mix written), so
    /// that the record holds what happened and replaying needs no device; nil for outcomes the engine does not keep.
    static func action(for outcome: EffectOutcome) -> Action?
}

extension ActivityEngine {
    package static func action(for outcome: EffectOutcome) -> Action? { nil }
}

extension ActivityEngine where Options == NoOptions {
    package static var defaultOptions: NoOptions { NoOptions() }
}

/// An engine's action as the progress store keeps it: as JSON, beside the name of its case, which lets a person
/// query the log without parsing it. The name is the one the synthesized `Storable` writes as the case's key.
package protocol StoredAction: Storable, Sendable, Equatable {
    var storedName: String { get }
}

/// For activities whose attempts are all dealt alike.
package struct NoOptions: Storable, Sendable, Equatable {
    package init() {}
}

/// For activities with nothing to deal.
package struct NoSetup: Storable, Sendable, Equatable {
    package init() {}
}

extension ActivityEngine where Setup == NoSetup, Options == NoOptions {
    package static func deal(for module: Module, random: inout SeededRandom, previous: Setup?, options: Options) -> Setup {
        NoSetup()
    }
}

/// What an action needs done outside the engine: by the player, never on replay.
package enum Effect: Sendable, Equatable, Storable {
    /// Play a media file of the module (a path under media/), from `from` seconds, up to `until` when given.
    case play(media: String, from: Double = 0, until: Double? = nil)
    case stopSound
    /// Record the learner saying `line`, for at most `seconds`; what happened comes back as an action. A role play's
    /// recordings are kept apart from pronunciation practice's, so neither replaces the other.
    case record(line: String, seconds: Double, rolePlay: Bool = false)
    /// Mix a line's original with the learner's recording; the mixed file comes back as an action.
    case compare(line: String, recording: String, mode: VoiceComparison)
    /// Play a file the player made (a comparison).
    case playFile(path: String)
    /// End a recording under way early, keeping what was said.
    case stopRecording
    /// Compare the intonation of the learner's recording of `line` with the original's; the result comes back as an
    /// action. Done away from the input loop: decoding and pitch tracking take a moment.
    case analyse(line: String, recording: String)
    /// Play a media file of the module slowed to `speed` (0.75, 0.5) without lowering its pitch.
    case playSlowed(media: String, speed: Double)
    /// Play a media file of the module from `from` seconds with the spans of `silenced` silent (one speaker's
    /// voice alone, or all but one), each faded over 30 ms at its edges.
    case playSilencing(media: String, from: Double, silenced: [SoundSpan])
    /// Play the conversation in `media` with the learner's recordings in place of the lines they said in a role
    /// play: each line's span of the original is left out and their recording heard there instead.
    case playWithTakes(media: String, takes: [LineTake])
}

/// A learner's recording of a line, and where the line is in the conversation.
package struct LineTake: Sendable, Equatable, Storable {
    package var line: String
    package var start: Double
    package var end: Double
    package var recording: String

    package init(line: String, start: Double, end: Double, recording: String) {
        self.line = line
        self.start = start
        self.end = end
        self.recording = recording
    }
}

/// A stretch of a media file, in seconds.
package struct SoundSpan: Sendable, Equatable, Storable {
    package var start: Double
    package var end: Double

    package init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }
}

/// What came of an effect that makes something: the player reports it back to the engine as an action.
package enum EffectOutcome: Sendable, Equatable {
    case recorded(line: String, file: String)
    case recordingFailed(line: String, reason: String)
    case compared(line: String, mode: VoiceComparison, file: String)
    case comparisonFailed(line: String, mode: VoiceComparison, reason: String)
    case analysed(line: String, recording: String, result: IntonationResult)
    case analysisFailed(line: String, recording: String, reason: String)
}

/// The two ways to hear yourself against the original: at once (the original in the left ear, you in the right)
/// or one after the other. The mixing itself is the runtime's.
package enum VoiceComparison: String, CaseIterable, Sendable, Storable {
    case simultaneous
    case sequential
}

/// A part of a module an attempt depends on: a kind and an id, so that a line and a question that happen to share
/// an id are never confused.
package enum ModulePart: Hashable, Sendable {
    case line(String)
    case statement(String)
    case question(String)
    /// A test item.
    case item(String)
    case term(String)
    case objective(String)
    /// A media file, by its path under media/.
    case media(String)
    case speaker(String)

    /// The part as stores have always named it in what they hash ("line:l01"), so that an attempt saved before
    /// still carries over.
    package var key: String {
        switch self {
        case .line(let id): "line:" + id
        case .statement(let id): "statement:" + id
        case .question(let id): "question:" + id
        case .item(let id): "item:" + id
        case .term(let term): "term:" + term
        case .objective(let id): "objective:" + id
        case .media(let path): "media:" + path
        case .speaker(let id): "speaker:" + id
        }
    }
}
