import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import LessonpackCore

/// One attempt at one activity: its engine, and the log of what the learner does, written ahead. Every action is
/// saved (committed) before the engine applies it, so what the learner sees has always been saved; replaying the
/// log on the same setup gives back the same engine, since live play and replay go through the same `apply`.
///
/// An attempt is saved from its first action on: opening an activity and leaving it untouched leaves no trace (an
/// activity without a score is recorded as visited when left). Its deal comes from the session's seed, the activity
/// and the attempt's number alone. It is the player's recorder: the driver hands it every action.
final class Attempt<Engine: ActivityEngine>: AttemptRecorder {
    let module: Module
    let store: ProgressStore
    let number: Int
    let seed: UInt64
    /// What another attempt's deal is derived from.
    let sessionSeed: UInt64
    private(set) var engine: Engine
    /// The attempt's row, once something has been saved.
    private(set) var id: Int64?
    private(set) var isFinished = false
    /// Set when an action could not be saved: it was not applied, and the activity stops.
    private(set) var unsaved: ProgressError?
    private let contentHashes: [String: String]
    /// Each item's answer after the last action saved, for telling what the next one answers; nil until then.
    private var answersSoFar: [String: String?]?
    /// For answers confirmed together: what a store from before had already told of them, one by one.
    private var toldBeforeResuming: [String: String?] = [:]

    /// Deals a new attempt.
    init(module: Module, store: ProgressStore, sessionSeed: UInt64, previous: Engine.Setup?, options: Engine.Options,
         contentHashes: [String: String], at now: Date) throws(ProgressError) {
        self.module = module
        self.store = store
        self.contentHashes = contentHashes
        self.sessionSeed = sessionSeed
        number = try store.nextAttemptNumber(moduleID: module.id, activity: Engine.kind)
        seed = AttemptSeed.derive(session: sessionSeed, activity: Engine.kind.rawValue, attempt: number)
        var random = SeededRandom(seed: seed)
        let setup = Engine.deal(for: module, random: &random, previous: previous, options: options)
        engine = Engine(module: module, setup: setup, startedAt: now)
    }

    /// Carries on a saved attempt, replaying its log.
    init(resuming saved: SavedAttempt<Engine>, module: Module, store: ProgressStore, sessionSeed: UInt64,
         contentHashes: [String: String]) {
        self.module = module
        self.sessionSeed = sessionSeed
        self.store = store
        self.contentHashes = contentHashes
        number = saved.number
        seed = saved.seed
        id = saved.id
        engine = Engine(module: module, setup: saved.setup, startedAt: saved.startedAt)
        for (action, at) in saved.actions { _ = engine.apply(action, at: at) }
        // A store from before answers were told only once confirmed told each as it was given: those are not told
        // again when the attempt finishes, only what changed since.
        if Engine.kind.descriptor.confirmsAnswersTogether, (try? store.hasAnsweredStatements(attempt: saved.id)) == true {
            toldBeforeResuming = engine.result(at: saved.actions.last?.at ?? saved.startedAt).answers
        }
        // A log that ends the attempt with the attempt still open (a store from before results were saved with
        // the action that earned them): the result is saved now.
        if engine.isFinished { finish(at: saved.actions.last?.at ?? saved.startedAt) }
    }

    /// Saves `action`, then applies it. Returns the effects to carry out, or nil when it could not be saved (and so
    /// did not happen). Once the attempt is finished its record is closed: what the engine still takes then
    /// (hearing a clip again) changes nothing it keeps, and is not recorded.
    func perform(_ action: Engine.Action, at now: Date) -> [Effect]? {
        guard unsaved == nil else { return nil }
        if isFinished { return engine.apply(action, at: now) }
        // The engine is a value: the action is tried on a copy, which becomes the engine once it is saved.
        var next = engine
        let effects = next.apply(action, at: now)
        // The result after the action, built once: it finishes the attempt, and it tells what the action answered.
        let after = Engine.isScored || next.isFinished ? next.result(at: now) : nil
        let finishing = next.isFinished
            ? after.map { ProgressStore.Finishing(module: module, result: $0, contentHashes: contentHashes) } : nil
        // What the action answered is told to the learning record store: only scored activities have answers. It is
        // told against the answers the last action left, which the last result already showed. Where answers stay
        // open until the learner confirms them all (checking the video task, finishing the test), a box moved on is
        // no answer yet: what was confirmed is told once, when the attempt finishes.
        var answered: [ItemOutcome] = []
        if Engine.isScored, let after {
            if Engine.kind.descriptor.confirmsAnswersTogether {
                if finishing != nil { answered = ActivityResult.newAnswers(since: toldBeforeResuming, in: after) }
            } else {
                answered = ActivityResult.newAnswers(since: answersSoFar ?? engine.result(at: now).answers, in: after)
            }
        }
        do {
            let id = try savedID()
            try store.record(action, of: Engine.self, in: id, module: module, answered: answered, at: now,
                             finishing: finishing)
        } catch {
            unsaved = error
            return nil
        }
        engine = next
        if let after, Engine.isScored { answersSoFar = after.answers }
        if finishing != nil { isFinished = true }
        return effects
    }

    private func savedID() throws(ProgressError) -> Int64 {
        if let id { return id }
        let id = try store.startAttempt(Engine.self, module: module, number: number, seed: seed, setup: engine.setup,
                                        startedAt: engine.startedAt)
        self.id = id
        return id
    }

    /// Saves the result.
    private func finish(at now: Date) {
        guard !isFinished else { return }
        do {
            let id = try savedID()
            try store.finish(id, module: module, result: engine.result(at: now), contentHashes: contentHashes)
            isFinished = true
        } catch {
            unsaved = error
        }
    }

    /// The learner leaves. An activity without a score counts as visited (its result saved); a scored one stays in
    /// progress, to be resumed, when anything of it was saved.
    func leave(at now: Date) {
        if !Engine.isScored, unsaved == nil { finish(at: now) }
    }

    /// The learner starts another attempt: this one, when saved and unfinished, is set aside.
    func setAside(at now: Date) {
        guard let id, !isFinished else { return }
        do { try store.abandon(id, at: now) } catch { unsaved = error }
    }

    /// Another attempt at the activity (another game, another go), dealt unlike this one, which is set aside.
    func another(options: Engine.Options, at now: Date) throws(ProgressError) -> Attempt<Engine> {
        setAside(at: now)
        return try Attempt(module: module, store: store, sessionSeed: sessionSeed, previous: engine.setup, options: options,
                           contentHashes: contentHashes, at: now)
    }
}
