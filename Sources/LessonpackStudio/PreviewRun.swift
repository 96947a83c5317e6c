import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackCore

/// What the page gets after every step of a preview: the presenter's view, the effects to carry out in the browser
/// (play a clip, record the microphone), and what to tell the learner. `title` is the activity numbered as the
/// player numbers it ("2. Test" when the module lists a video and a test).
struct PreviewAnswer<View: Encodable>: Encodable {
    var session: String
    var activity: ActivityKind
    var title: String
    var view: View
    var effects: [Effect]
    var message: Message?
    var finished: Bool
    var attempt: Int
}

/// An activity previewed in the browser, whatever its kind.
protocol PreviewRunning: AnyObject, Sendable {
    var kind: ActivityKind { get }
    var moduleID: String { get }
    /// The learner opened the activity.
    func enter(at now: Date) throws(StudioError) -> [UInt8]
    /// `event` is the presenter's own Event, as JSON.
    func send(_ event: [UInt8], at now: Date) throws(StudioError) -> [UInt8]
    /// A recording the browser made of `line`, kept at `file`.
    func recorded(line: String, file: String, at now: Date) throws(StudioError) -> [UInt8]
    /// What the browser could not record (no microphone, permission refused).
    func recordingFailed(line: String, reason: String, at now: Date) throws(StudioError) -> [UInt8]
    /// The line whose recording is being waited for, if any.
    var awaitedRecording: String? { get }
    /// The last finished attempt's result, which the next preview of the activity shows again (the test does).
    var latestResult: ActivityResult? { get }
    /// The current attempt's deal (the engine's Setup), which the next preview of the activity deals after, as the
    /// player deals after the learner's last attempt.
    var latestSetup: any Sendable { get }
    /// The deal of the last attempt of this preview that was finished, if any: a kind that deals after the last
    /// finished attempt (the test) deals after it, as the player does, even when another go was started since.
    var finishedSetup: (any Sendable)? { get }
}

/// An attempt kept in memory: a preview is the author trying the activity, not a learner's attempt, so there is
/// nothing to save before an action is applied. Another attempt is dealt from the same random source.
final class PreviewAttempt<Engine: ActivityEngine>: AttemptRecorder {
    typealias Failure = Never
    private let module: Module
    private var random: SeededRandom
    private(set) var engine: Engine
    let number: Int

    init(module: Module, random: SeededRandom, previous: Engine.Setup?, options: Engine.Options, number: Int = 1,
         startedAt: Date) {
        self.module = module
        self.random = random
        self.number = number
        engine = Engine(module: module, setup: Engine.deal(for: module, random: &self.random, previous: previous,
                                                           options: options), startedAt: startedAt)
    }

    func perform(_ action: Engine.Action, at now: Date) -> [Effect]? { engine.apply(action, at: now) }

    func another(options: Engine.Options, at now: Date) -> PreviewAttempt<Engine> {
        PreviewAttempt(module: module, random: random, previous: engine.setup, options: options, number: number + 1,
                       startedAt: now)
    }
}

/// The preview's round trip is the player's (`ActivityDriver`), with an attempt in memory. Effects are not carried
/// out here but handed to the page; those whose outcome the engine keeps (a comparison played) come back at once,
/// since the page plays them itself.
final class PreviewRun<Presenter: ActivityPresenter>: PreviewRunning, ActivityHost, @unchecked Sendable {
    typealias Engine = Presenter.Engine

    let id: String
    private let module: Module
    /// Where the module's media are, for analysing a recording's intonation.
    private let moduleFolder: String?
    private var driver: ActivityDriver<Presenter, PreviewAttempt<Engine>, PreviewRun<Presenter>>!
    /// The effects of the step under way, for the page.
    private var handed: [Effect] = []
    /// A problem of the step under way that the activity's own message does not tell.
    private var problem: Message?
    private(set) var recording: RecordingProgress?
    // Sessions are driven one request at a time by the registry's lock; this one guards against a page that sends
    // two requests for the same preview at once.
    private let lock = NSLock()

    /// `previous`: the last preview's deal of this activity in this module, when it was the same kind's.
    init(id: String, module: Module, moduleFolder: String?, seed: UInt64, lastResult: ActivityResult?,
         previous: (any Sendable)? = nil, startedAt: Date) {
        self.id = id
        self.module = module
        self.moduleFolder = moduleFolder
        let attempt = PreviewAttempt<Engine>(module: module, random: SeededRandom(seed: seed),
                                             previous: previous as? Engine.Setup, options: Engine.defaultOptions,
                                             startedAt: startedAt)
        driver = ActivityDriver(module: module, attempt: attempt, lastResult: lastResult, host: self)
    }

    var kind: ActivityKind { Engine.kind }
    var moduleID: String { module.id }
    var awaitedRecording: String? { lock.withLock { recording?.line } }
    var latestResult: ActivityResult? { lock.withLock { driver.lastResult } }
    var latestSetup: any Sendable { lock.withLock { driver.engine.setup } }
    var finishedSetup: (any Sendable)? { lock.withLock { lastFinishedSetup } }
    private var lastFinishedSetup: Engine.Setup?

    // The preview plays with the learner's settings as they start, and keeps what the author changes in it (whose
    // subtitles show) until the preview closes. Read and changed by the driver, under the lock.
    private(set) var settings = LearnerSettings()

    func remember(_ settings: LearnerSettings) { self.settings = settings }
    // The studio measures intonation while the request waits: nothing is being measured between requests.
    var analysing: Set<String> { [] }

    func enter(at now: Date) throws(StudioError) -> [UInt8] {
        try step(at: now) { driver.enter(at: now) }
    }

    func send(_ event: [UInt8], at now: Date) throws(StudioError) -> [UInt8] {
        let decoded: Presenter.Event
        do {
            decoded = try JSONDecoder().decode(EventEnvelope<Presenter.Event>.self, from: Data(event)).event
        } catch {
            throw StudioError(.badRequest, "not an event of the \(Engine.kind.title.lowercased()) activity: " +
                              "\(error)".prefix(300))
        }
        return try step(at: now) { driver.send(decoded, at: now) }
    }

    func recorded(line: String, file: String, at now: Date) throws(StudioError) -> [UInt8] {
        try settleRecording(of: line, as: .recorded(line: line, file: file), at: now)
    }

    func recordingFailed(line: String, reason: String, at now: Date) throws(StudioError) -> [UInt8] {
        try settleRecording(of: line, as: .recordingFailed(line: line, reason: reason), at: now)
    }

    /// What became of the recording the page was asked to make: only the one awaited is taken.
    private func settleRecording(of line: String, as outcome: EffectOutcome, at now: Date) throws(StudioError) -> [UInt8] {
        try step(at: now) { () throws(StudioError) -> Message? in
            guard recording?.line == line else {
                throw StudioError(.badRequest, "no recording of line '\(line.prefix(40))' was asked for")
            }
            recording = nil
            return driver.take(outcome, at: now)
        }
    }

    /// One request's step, under the lock: what the driver says, and the effects handed to the page meanwhile.
    private func step(at now: Date, _ body: () throws(StudioError) -> Message?) throws(StudioError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        handed = []
        problem = nil
        let message = try body()
        if driver.engine.isFinished { lastFinishedSetup = driver.engine.setup }
        let answer = PreviewAnswer(session: id, activity: Engine.kind, title: Wording.numbered(Engine.kind, in: module, Strings(.en)),
                                   view: driver.view(at: now), effects: handed, message: problem ?? message,
                                   finished: driver.engine.isFinished, attempt: driver.attempt.number)
        do {
            return Array(try StudioJSON.encoder().encode(answer))
        } catch {
            throw StudioError(.badRequest, "the preview cannot be shown: \(error)")
        }
    }

    /// Effects go to the page; a recording asked for is awaited; a comparison, which the page plays itself from
    /// the original and the recording, is taken as made; an intonation analysis is the studio's own.
    func carryOut(_ effects: [Effect], at now: Date) -> [EffectOutcome] {
        var outcomes: [EffectOutcome] = []
        for effect in effects {
            switch effect {
            case .record(let line, let seconds, _):
                recording = RecordingProgress(line: line, startedAt: now, seconds: seconds)
                handed.append(effect)
            case .compare(let line, let file, let mode):
                handed.append(effect)
                outcomes.append(.compared(line: line, mode: mode, file: file))
            case .analyse(let line, let file):
                guard let original = module.transcript.first(where: { $0.id == line }) else { break }
                outcomes.append(moduleFolder.map { PreviewIntonation.outcome(for: original, recording: file, moduleFolder: $0) }
                    ?? .analysisFailed(line: line, recording: file, reason: "this preview has no media folder"))
            case .playFile:
                // A file the studio made is a path on its own disk, which the page cannot play (it plays
                // comparisons itself).
                break
            case .play, .stopSound, .stopRecording, .playSlowed, .playSilencing, .playWithTakes:
                handed.append(effect)
            }
        }
        return outcomes
    }

    // The author's own clock: the studio runs on their machine.
    func utcOffset(at moment: Date) -> Int { TimeZone.current.secondsFromGMT(for: moment) }

    func cannotStartAnother<Failure: Error>(_ error: Failure) {
        problem = Message("Another attempt cannot start: \(error)", .bad)
    }
}

private struct EventEnvelope<Event: Decodable>: Decodable {
    var event: Event
}
