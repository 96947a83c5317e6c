import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackRandom

/// What the page gets after every step of a preview: the presenter's view, the effects to carry out in the browser
/// (play a clip, record the microphone), and what to tell the learner.
struct PreviewAnswer<View: Encodable>: Encodable {
    var session: String
    var activity: ActivityKind
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
    /// player deals after the learner's last attempt (the test draws the items it did not show first).
    var latestSetup: any Sendable { get }
}

/// The same round trip the terminal player makes (an event goes to the presenter, its actions to the engine), with
/// no progress store: a preview is the author trying the activity, not a learner's attempt. Effects are not
/// carried out here but handed to the page; those whose outcome the engine keeps (a comparison played) come back
/// at once, since the page plays them itself.
final class PreviewRun<Presenter: ActivityPresenter>: PreviewRunning, @unchecked Sendable {
    typealias Engine = Presenter.Engine

    let id: String
    private let module: Module
    private let options: Engine.Options
    private var random: SeededRandom
    private var engine: Engine
    private var local: Presenter.Local
    private var attempt = 1
    private var lastResult: ActivityResult?
    private var recording: RecordingProgress?
    /// Where the module's media are, for analysing a recording's intonation (set before the first event).
    var moduleFolder: String?
    // Sessions are driven one request at a time by the registry's lock; this one guards against a page that sends
    // two requests for the same preview at once.
    private let lock = NSLock()

    /// `previous`: the last preview's deal of this activity in this module, when it was the same kind's.
    init(id: String, module: Module, seed: UInt64, options: Engine.Options, lastResult: ActivityResult?,
         previous: (any Sendable)? = nil, startedAt: Date) {
        self.id = id
        self.lastResult = lastResult
        self.module = module
        self.options = options
        random = SeededRandom(seed: seed)
        engine = Engine(module: module, setup: Engine.deal(for: module, random: &random,
                                                           previous: previous as? Engine.Setup, options: options),
                        startedAt: startedAt)
        local = Presenter.local(for: engine, context: PresentationContext(module: module))
    }

    var kind: ActivityKind { Engine.kind }
    var moduleID: String { module.id }
    var awaitedRecording: String? { lock.withLock { recording?.line } }
    var latestResult: ActivityResult? { lock.withLock { lastResult } }
    var latestSetup: any Sendable { lock.withLock { engine.setup } }

    private var context: PresentationContext {
        PresentationContext(module: module, attempt: attempt, lastResult: lastResult, recording: recording)
    }

    func enter(at now: Date) throws(StudioError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        let reaction = Presenter.enter(engine: engine, local: local, context: context)
        return try answer(carryOut(reaction, at: now), at: now)
    }

    func send(_ event: [UInt8], at now: Date) throws(StudioError) -> [UInt8] {
        let decoded: Presenter.Event
        do {
            decoded = try JSONDecoder().decode(EventEnvelope<Presenter.Event>.self, from: Data(event)).event
        } catch {
            throw StudioError(.badRequest, "not an event of the \(Engine.kind.title.lowercased()) activity: " +
                              "\(error)".prefix(300))
        }
        lock.lock()
        defer { lock.unlock() }
        let reaction = Presenter.reduce(decoded, engine: engine, local: &local, context: context, at: now)
        return try answer(carryOut(reaction, at: now), at: now)
    }

    func recorded(line: String, file: String, at now: Date) throws(StudioError) -> [UInt8] {
        try settleRecording(of: line, as: .recorded(line: line, file: file), at: now)
    }

    func recordingFailed(line: String, reason: String, at now: Date) throws(StudioError) -> [UInt8] {
        try settleRecording(of: line, as: .recordingFailed(line: line, reason: reason), at: now)
    }

    /// What became of the recording the page was asked to make: only the one awaited is taken.
    private func settleRecording(of line: String, as outcome: EffectOutcome, at now: Date) throws(StudioError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard recording?.line == line else {
            throw StudioError(.badRequest, "no recording of line '\(line.prefix(40))' was asked for")
        }
        recording = nil
        var step = Step()
        take(outcome, into: &step, at: now)
        return try answer(step, at: now)
    }

    private struct Step {
        var effects: [Effect] = []
        var message: Message?
    }

    private func carryOut(_ reaction: Reaction<Engine>, at now: Date) -> Step {
        var step = Step(message: reaction.message)
        for action in reaction.actions { hand(engine.apply(action, at: now), into: &step, at: now) }
        hand(reaction.effects, into: &step, at: now)
        if engine.isFinished, Engine.isScored { lastResult = engine.result(at: now) }
        if case .newAttempt(let options)? = reaction.request {
            attempt += 1
            engine = Engine(module: module, setup: Engine.deal(for: module, random: &random, previous: engine.setup,
                                                               options: options), startedAt: now)
        }
        return step
    }

    /// Effects go to the page; a recording asked for is awaited; a comparison, which the page plays itself from
    /// the original and the recording, is taken as made.
    private func hand(_ effects: [Effect], into step: inout Step, at now: Date) {
        for effect in effects {
            // A file the studio made is a path on its own disk, which the page cannot play (it plays comparisons itself).
            if case .playFile = effect { continue }
            // The analysis is the studio's own (the page shows its result in the view).
            if case .analyse = effect {} else { step.effects.append(effect) }
            switch effect {
            case .record(let line, let seconds):
                recording = RecordingProgress(line: line, startedAt: now, seconds: seconds)
            case .stopRecording:
                break
            case .compare(let line, let file, let mode):
                take(.compared(line: line, mode: mode, file: file), into: &step, at: now)
            case .analyse(let line, let file):
                guard let original = module.transcript.first(where: { $0.id == line }) else { break }
                let outcome = moduleFolder.map { PreviewIntonation.outcome(for: original, recording: file, moduleFolder: $0) }
                    ?? .analysisFailed(line: line, recording: file, reason: "this preview has no media folder")
                take(outcome, into: &step, at: now)
            case .play, .stopSound, .playFile, .playSlowed:
                break
            }
        }
    }

    private func take(_ outcome: EffectOutcome, into step: inout Step, at now: Date) {
        // The outcome's own message first: what its effects bring at once (a recording's analysis) says more.
        if let message = Presenter.message(after: outcome) { step.message = message }
        if let action = Engine.action(for: outcome) { hand(engine.apply(action, at: now), into: &step, at: now) }
    }

    private func answer(_ step: Step, at now: Date) throws(StudioError) -> [UInt8] {
        let view = Presenter.view(of: engine, local: local, context: context, at: now)
        let answer = PreviewAnswer(session: id, activity: Engine.kind, view: view, effects: step.effects,
                                   message: step.message, finished: engine.isFinished, attempt: attempt)
        do {
            return Array(try StudioJSON.encoder().encode(answer))
        } catch {
            throw StudioError(.badRequest, "the preview cannot be shown: \(error)")
        }
    }
}

private struct EventEnvelope<Event: Decodable>: Decodable {
    var event: Event
}
