import Foundation
import LessonpackActivities
import LessonpackDiagnostics
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
    /// Whether a clip is being made to play once ready (slowed, or with voices silenced).
    var isPreparingClip: Bool { get }
    func leave(at now: Date)
}

/// One activity open in the player: the generic driver over its attempt in the progress store, with the session's
/// media carrying out the effects. What is the player's own is here: recordings and analyses that end while the
/// learner is drawing, and stopping once an action could not be saved.
final class ActivityRun<Presenter: ActivityPresenter>: ActivityRunning {
    typealias Engine = Presenter.Engine

    private unowned let session: PlayerSession
    private let host: SessionHost
    private let driver: ActivityDriver<Presenter, Attempt<Engine>, SessionHost>

    init(session: PlayerSession, attempt: Attempt<Engine>, lastResult: ActivityResult?) {
        self.session = session
        let host = SessionHost(session: session, kind: Engine.kind)
        self.host = host
        driver = ActivityDriver(module: session.module, attempt: attempt, lastResult: lastResult, host: host)
    }

    var kind: ActivityKind { Engine.kind }
    var engine: Engine { driver.engine }
    var attempt: Attempt<Engine> { driver.attempt }
    var context: PresentationContext { driver.context }

    func view(at now: Date) -> Presenter.View { driver.view(at: now) }

    func enter(at now: Date) -> Message? { driver.enter(at: now) }

    /// The learner did something: returns what to tell them.
    @discardableResult
    func send(_ event: Presenter.Event, at now: Date) -> Message? {
        guard attempt.unsaved == nil else { return nil }
        return driver.send(event, at: now)
    }

    func poll(at now: Date) -> Message? {
        session.media.tidy()
        // An analysis belongs to the activity that asked for it (pronunciation practice, or the video's role play):
        // one that ends while the learner is elsewhere waits for their return rather than going to another engine.
        let outcome = session.media.finishedRecording(at: now) ?? session.media.finishedAnalysis(for: Engine.kind)
        guard let outcome else { return nil }
        return driver.take(outcome, at: now)
    }

    /// For front ends that cannot draw meanwhile: waits for a recording, then for what is made of it (its intonation
    /// analysis) and for a slowed clip; the last message is the one to show.
    func waitForEffects() -> Message? {
        var message: Message?
        if let outcome = session.media.waitForRecording() { message = driver.take(outcome, at: Date()) }
        for outcome in session.media.waitForAnalyses(for: Engine.kind) { message = driver.take(outcome, at: Date()) ?? message }
        session.media.waitForPreparedClip()
        return message
    }

    var isPreparingClip: Bool { session.media.isPreparingClip }

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

/// The session as the driver's host: its media, the learner's settings, and its notices.
final class SessionHost: ActivityHost {
    private unowned let session: PlayerSession
    private let kind: ActivityKind

    init(session: PlayerSession, kind: ActivityKind) {
        self.session = session
        self.kind = kind
    }

    var settings: LearnerSettings { session.settings }
    var recording: RecordingProgress? { session.media.recordingProgress }
    var analysing: Set<String> { session.media.analysingLines(for: kind) }

    func carryOut(_ effects: [Effect], at now: Date) -> [EffectOutcome] { session.media.carryOut(effects, at: now) }

    func utcOffset(at moment: Date) -> Int { TimeZone.current.secondsFromGMT(for: moment) }

    func remember(_ settings: LearnerSettings) { session.remember(settings) }

    func cannotStartAnother<Failure: Error>(_ error: Failure) {
        let told = (error as? ProgressError).map { "\($0.description) [\($0.code)]" } ?? "\(error)"
        session.notice("A new start did not work: \(told)")
    }
}
