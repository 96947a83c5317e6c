import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress

/// An activity open in the player, whatever its kind: what the session and the front ends' generic parts hold.
protocol ActivityRunning: AnyObject {
    var kind: ActivityKind { get }
    /// Why the activity stopped, when an action could not be saved.
    var unsavedMessage: String? { get }
    /// Called once, when the learner opens the activity.
    func enter(at now: Date) -> Message?
    /// Called as time passes: a recording that has ended is taken in.
    func poll(at now: Date) -> Message?
    /// Waits for a recording under way, for front ends that cannot draw meanwhile.
    func waitForEffects() -> Message?
    func leave(at now: Date)
}

/// One activity open in the player: its attempt, its presenter's own state, and the round trip every front end
/// makes: an event goes to the presenter; the actions it answers with are saved and applied, one by one; the
/// effects are carried out; what comes of them goes back to the engine. Nothing here is specific to an activity.
final class ActivityRun<Presenter: ActivityPresenter>: ActivityRunning {
    typealias Engine = Presenter.Engine

    private unowned let session: PlayerSession
    private(set) var attempt: Attempt<Engine>
    private(set) var local: Presenter.Local
    /// The last finished attempt's result, for presenters that show it again.
    private(set) var lastResult: ActivityResult?

    init(session: PlayerSession, attempt: Attempt<Engine>, lastResult: ActivityResult?) {
        self.session = session
        self.attempt = attempt
        self.lastResult = lastResult
        local = Presenter.local(for: attempt.engine, context: PresentationContext(
            module: session.module, attempt: attempt.number, settings: session.settings, lastResult: lastResult))
    }

    var kind: ActivityKind { Engine.kind }
    var engine: Engine { attempt.engine }

    var context: PresentationContext {
        PresentationContext(module: session.module, attempt: attempt.number, settings: session.settings,
                            lastResult: lastResult, recording: session.media.recordingProgress,
                            analysing: session.media.analysingLines)
    }

    func view(at now: Date) -> Presenter.View {
        Presenter.view(of: attempt.engine, local: local, context: context, at: now)
    }

    func enter(at now: Date) -> Message? {
        carryOut(Presenter.enter(engine: attempt.engine, local: local, context: context), at: now)
    }

    /// The learner did something: returns what to tell them.
    @discardableResult
    func send(_ event: Presenter.Event, at now: Date) -> Message? {
        guard attempt.unsaved == nil else { return nil }
        let reaction = Presenter.reduce(event, engine: attempt.engine, local: &local, context: context, at: now)
        return carryOut(reaction, at: now)
    }

    private func carryOut(_ reaction: Reaction<Engine>, at now: Date) -> Message? {
        var message = reaction.message
        var outcomes: [EffectOutcome] = []
        for action in reaction.actions {
            guard let effects = attempt.perform(action, at: now) else { return nil }
            outcomes += session.media.carryOut(effects, at: now)
        }
        outcomes += session.media.carryOut(reaction.effects, at: now)
        for outcome in outcomes { message = take(outcome, at: now) ?? message }
        noteIfFinished(at: now)
        switch reaction.request {
        case .newAttempt(let options)?: startNewAttempt(options, at: now)
        case nil: break
        }
        return message
    }

    /// What came of an effect goes back to the engine, saved like any action.
    private func take(_ outcome: EffectOutcome, at now: Date) -> Message? {
        if let action = Engine.action(for: outcome) {
            guard let effects = attempt.perform(action, at: now) else { return nil }
            for next in session.media.carryOut(effects, at: now) { _ = take(next, at: now) }
        }
        return Presenter.message(after: outcome)
    }

    func poll(at now: Date) -> Message? {
        session.media.tidy()
        // An analysis belongs to the pronunciation practice: one that ends while the learner is elsewhere waits
        // for their return rather than going to another activity's engine.
        let outcome = session.media.finishedRecording(at: now)
            ?? (Engine.kind == .pronunciation ? session.media.finishedAnalysis() : nil)
        guard let outcome else { return nil }
        return take(outcome, at: now)
    }

    /// For front ends that cannot draw meanwhile: waits for a recording, then for what is made of it (its intonation
    /// analysis) and for a slowed clip; the last message is the one to show.
    func waitForEffects() -> Message? {
        var message: Message?
        if let outcome = session.media.waitForRecording() { message = take(outcome, at: Date()) }
        for outcome in session.media.waitForAnalyses() { message = take(outcome, at: Date()) ?? message }
        session.media.waitForSlowedClip()
        return message
    }

    private func noteIfFinished(at now: Date) {
        if attempt.isFinished, Engine.isScored { lastResult = attempt.engine.result(at: now) }
    }

    /// Another attempt at the activity (another game, another go), dealt unlike this one.
    private func startNewAttempt(_ options: Engine.Options, at now: Date) {
        attempt.setAside(at: now)
        do {
            attempt = try Attempt(module: session.module, store: session.store, sessionSeed: session.seed,
                                  previous: attempt.engine.setup, options: options, contentHashes: session.contentHashes,
                                  at: now)
        } catch {
            session.notice("cannot start another attempt: \(error.description) [\(error.code)]")
        }
    }

    func leave(at now: Date) {
        session.media.stopAll()
        attempt.leave(at: now)
    }

    var unsavedMessage: String? {
        attempt.unsaved.map { "Your last answer could not be saved: \($0.description) [\($0.code)]. The activity has " +
            "stopped so that nothing more is lost; every answer before it is kept, and you can carry on once the " +
            "problem is solved." }
    }
}
