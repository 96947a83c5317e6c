/// Where an attempt's actions are kept: the progress store for the player, memory for the studio's preview. The
/// recorder holds the attempt's engine and is the only thing that changes it, so that nothing happens that was
/// not first recorded.
package protocol AttemptRecorder<Engine>: AnyObject {
    associatedtype Engine: ActivityEngine
    /// Why another attempt could not be started.
    associatedtype Failure: Error
    var engine: Engine { get }
    /// 1 for the first attempt at the activity.
    var number: Int { get }
    /// Records `action`, then applies it. Returns the effects to carry out, or nil when it could not be recorded
    /// (and so did not happen): the driver then stops.
    func perform(_ action: Engine.Action, at now: Date) -> [Effect]?
    /// Sets this attempt aside and deals another with `options`, unlike this one.
    func another(options: Engine.Options, at now: Date) throws(Failure) -> Self
}

/// What runs an activity besides its recorder: the front end's media, the learner's settings, and where to say
/// what went wrong outside the activity.
package protocol ActivityHost: AnyObject {
    var settings: LearnerSettings { get }
    /// A recording under way.
    var recording: RecordingProgress? { get }
    /// Lines whose recording's intonation is being measured.
    var analysing: Set<String> { get }
    /// Carries out `effects` in order; returns what came at once of those that make something.
    func carryOut(_ effects: [Effect], at now: Date) -> [EffectOutcome]
    /// Seconds east of UTC at `moment` where the learner is, for the times a presenter shows (when the test's
    /// last results were made).
    func utcOffset(at moment: Date) -> Int
    /// Another attempt could not be started.
    func cannotStartAnother<Failure: Error>(_ error: Failure)
    /// Keeps settings the learner changed from inside an activity, for this activity and every later one.
    func remember(_ settings: LearnerSettings)
}

/// The round trip every front end makes with an activity, written once: an event goes to the presenter; the actions
/// it answers with are recorded and applied, one by one; the effects are carried out; what comes of them goes back
/// to the engine as actions, recorded like any other. Nothing here is specific to an activity or a front end.
package final class ActivityDriver<Presenter: ActivityPresenter, Recorder: AttemptRecorder, Host: ActivityHost>
where Recorder.Engine == Presenter.Engine {
    package typealias Engine = Presenter.Engine

    package let module: Module
    package private(set) var attempt: Recorder
    package private(set) var local: Presenter.Local
    /// The last finished attempt's result, for presenters that show it again (the test).
    package private(set) var lastResult: ActivityResult?
    #if hasFeature(Embedded)
    // Embedded Swift has no unowned references; the page's host there does not hold its driver, so no cycle forms.
    private let host: Host
    #else
    // The player's and the studio's hosts hold their drivers.
    private unowned let host: Host
    #endif

    package init(module: Module, attempt: Recorder, lastResult: ActivityResult?, host: Host) {
        self.module = module
        self.attempt = attempt
        self.lastResult = lastResult
        self.host = host
        local = Presenter.local(for: attempt.engine, context: PresentationContext(
            module: module, attempt: attempt.number, settings: host.settings, lastResult: lastResult,
            utcOffset: host.utcOffset(at: lastResult?.finishedAt ?? attempt.engine.startedAt)))
    }

    package var engine: Engine { attempt.engine }

    package var context: PresentationContext {
        PresentationContext(module: module, attempt: attempt.number, settings: host.settings, lastResult: lastResult,
                            recording: host.recording, analysing: host.analysing,
                            utcOffset: host.utcOffset(at: lastResult?.finishedAt ?? attempt.engine.startedAt))
    }

    package func view(at now: Date) -> Presenter.View {
        Presenter.view(of: attempt.engine, local: local, context: context, at: now)
    }

    /// The learner opened the activity.
    package func enter(at now: Date) -> Message? {
        carryOut(Presenter.enter(engine: attempt.engine, local: local, context: context), at: now)
    }

    /// The learner did something: returns what to tell them.
    package func send(_ event: Presenter.Event, at now: Date) -> Message? {
        let reaction = Presenter.reduce(event, engine: attempt.engine, local: &local, context: context, at: now)
        return carryOut(reaction, at: now)
    }

    private func carryOut(_ reaction: Reaction<Engine>, at now: Date) -> Message? {
        var message = reaction.message
        var outcomes: [EffectOutcome] = []
        for action in reaction.actions {
            guard let effects = attempt.perform(action, at: now) else { return nil }
            outcomes += host.carryOut(effects, at: now)
        }
        outcomes += host.carryOut(reaction.effects, at: now)
        for outcome in outcomes { message = take(outcome, at: now) ?? message }
        if let settings = reaction.remember { host.remember(settings) }
        if attempt.engine.isFinished, Engine.isScored { lastResult = attempt.engine.result(at: now) }
        if case .newAttempt(let options)? = reaction.request {
            do { attempt = try attempt.another(options: options, at: now) } catch { host.cannotStartAnother(error) }
        }
        return message
    }

    /// What came of an effect goes back to the engine, recorded like any action; returns what to tell the learner:
    /// the outcome's own message, or what its effects brought at once (a recording's analysis), which says more.
    @discardableResult
    package func take(_ outcome: EffectOutcome, at now: Date) -> Message? {
        var message = Presenter.message(after: outcome, context: context)
        if let action = Engine.action(for: outcome) {
            let before = attempt.engine
            guard let effects = attempt.perform(action, at: now) else { return nil }
            // An outcome the engine had no use for (a recording that ended after its role play was stopped, the
            // measure of a take since replaced) says nothing: "Said" would be untrue.
            if effects.isEmpty, attempt.engine == before { return nil }
            for next in host.carryOut(effects, at: now) { message = take(next, at: now) ?? message }
        }
        return message
    }
}
