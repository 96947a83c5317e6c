import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress

/// Owns one attempt at one activity: the engine, and the log of what the learner does, written to the progress
/// database as it happens. Replaying that log on an engine made from the same seed and setup restores the attempt
/// exactly, which is how a killed player resumes.
public class ActivityController {
    public let session: PlayerSession
    public let activity: ActivityKind
    public private(set) var attemptID: Int64
    public private(set) var seed: UInt64
    private var replaying = false
    /// Set once the attempt's result is saved; the controller may start a new attempt after.
    public private(set) var isFinished = false
    /// Set when something the learner did could not be saved: the front end stops the activity and says so,
    /// rather than let the learner go on answering into nothing.
    public private(set) var unsaved: ProgressError?

    /// `seed` is what the subclass made its engine from: `resuming?.seed ?? session.nextSeed()`.
    init(session: PlayerSession, activity: ActivityKind, seed: UInt64, setup: [String: String],
         resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError) {
        self.session = session
        self.activity = activity
        self.seed = seed
        if let resuming {
            attemptID = resuming.id
        } else {
            attemptID = try session.store.startAttempt(module: session.module, activity: activity, seed: seed,
                                                       setup: setup, at: now)
        }
    }

    /// Adds to the attempt's setup what is known only once its engine exists.
    func amendSetup(_ values: [String: String]) {
        try? session.store.amendSetup(attemptID, with: values)
    }

    /// Replays a resumed attempt's log; subclasses call this once their engine exists.
    func replay(_ resuming: UnfinishedAttempt?) {
        guard let resuming else { return }
        replaying = true
        defer { replaying = false }
        for action in resuming.actions { apply(action) }
    }

    /// Applies one logged action to the engine. Subclasses implement every kind they log.
    func apply(_ action: RecordedAction) {}

    /// Logs an action, durably, unless it is being replayed.
    func log(_ kind: String, item: String? = nil, value: String? = nil, at now: Date) {
        guard !replaying else { return }
        do {
            try session.store.record(RecordedAction(kind, item: item, value: value, at: now), in: attemptID)
        } catch {
            unsaved = error
        }
    }

    /// Saves the attempt's result.
    func finish(_ result: ActivityResult) {
        guard !isFinished else { return }
        isFinished = true
        do {
            try session.store.finish(attemptID, module: session.module, result: result,
                                     contentHashes: session.contentHashes)
        } catch {
            unsaved = error
        }
    }

    /// Starts another attempt at the same activity (another game, another go at the questions); the new seed is
    /// in `seed` for the subclass to make its next engine from.
    func startNewAttempt(setup: [String: String], at now: Date) {
        if !isFinished { try? session.store.abandon(attemptID, at: now) }
        seed = session.nextSeed()
        do {
            attemptID = try session.store.startAttempt(module: session.module, activity: activity, seed: seed,
                                                       setup: setup, at: now)
        } catch {
            unsaved = error
        }
        isFinished = false
    }

    /// The learner leaves the activity. Activities without a score count as done; scored ones stay in progress
    /// until finished, so they can be resumed.
    public func leave(at now: Date) {
        session.sound.stop()
        if !isScored, !isFinished { finish(result(at: now)) }
    }

    /// Whether leaving early leaves the attempt open.
    public var isScored: Bool { [.videoTask, .audioGame, .questions, .test].contains(activity) }

    /// The attempt's result as it stands.
    public func result(at now: Date) -> ActivityResult {
        ActivityResult(activity: activity, startedAt: now, finishedAt: now)
    }

    /// What the learner is told when the activity stops because an answer could not be saved.
    public var unsavedMessage: String? {
        unsaved.map { "Your last answer could not be saved: \($0.description) [\($0.code)]. The activity has stopped so " +
            "that nothing more is lost; every answer before it is kept, and you can carry on once the problem is solved." }
    }

    /// How many answers the attempt holds so far, for the resume prompt.
    public var answersGiven: Int { 0 }
}
