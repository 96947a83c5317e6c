import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress

/// An activity opened for a front end: its run, and how each front end shows it.
struct OpenedActivity {
    let run: any ActivityRunning
    let plain: any PlainActivityDriving
    let screen: any Screen
}

/// What became of an unfinished attempt when a session looked at it.
enum Settled {
    case resumable
    case closed(String)
    /// Dealt with (an activity without a score, counted as visited).
    case settled
}

/// How the player plays one kind of activity.
protocol ActivityEntry {
    func open(in session: PlayerSession, resuming: UnfinishedAttempt?,
              at now: Date) throws(ProgressError) -> (activity: OpenedActivity, closed: String?)
    func settle(_ attempt: UnfinishedAttempt, in session: PlayerSession, at now: Date) -> Settled
}

/// The player's table of activity kinds: each kind's plain and full-screen views (and through them its presenter).
/// What else a kind means is its descriptor's (`ActivityRegistry`); the switch has no default, so a new kind does
/// not compile until its views are named here.
enum ActivityViews {
    static func entry(for kind: ActivityKind) -> any ActivityEntry {
        switch kind {
        case .video: Entry<PlainVideo, VideoScreen>()
        case .videoTask: Entry<PlainVideoTask, VideoTaskScreen>()
        case .vocabulary: Entry<PlainVocabulary, VocabularyScreen>()
        case .audioGame: Entry<PlainAudioGame, AudioGameScreen>()
        case .pronunciation: Entry<PlainPronunciation, PronunciationScreen>()
        case .dictation: Entry<PlainDictation, DictationScreen>()
        case .questions: Entry<PlainQuestions, QuestionsScreen>()
        case .dictionary: Entry<PlainDictionary, DictionaryScreen>()
        case .test:
            // The test deals after the last finished test (its descriptor's `dealsAfter`), favouring what that did
            // not show; an item changed since counts as unseen.
            Entry<PlainTest, TestScreen> { session in
                let drawn = (try? session.store.lastTestDraw(moduleID: session.module.id,
                                                             contentHashes: session.contentHashes)) ?? []
                return TestEngine.Setup(drawn: drawn, options: [:])
            }
        }
    }
}

/// One kind of activity: its plain and full-screen views, over one presenter, and what a new deal must differ from.
/// A fresh attempt is dealt with the engine's default options.
struct Entry<PlainView: PlainActivityView, ScreenView: ActivityScreenView>: ActivityEntry
where ScreenView.Presenter == PlainView.Presenter {
    typealias Presenter = PlainView.Presenter
    typealias Engine = Presenter.Engine

    let previous: (PlayerSession) -> Engine.Setup?

    /// By default a deal differs from the attempt the store names after the kind's `dealsAfter`.
    init(previous: ((PlayerSession) -> Engine.Setup?)? = nil) {
        self.previous = previous ?? { session in try? session.store.lastSetup(Engine.self, module: session.module) }
    }

    func open(in session: PlayerSession, resuming: UnfinishedAttempt?,
              at now: Date) throws(ProgressError) -> (activity: OpenedActivity, closed: String?) {
        var closed: String?
        var attempt: Attempt<Engine>?
        if let resuming {
            switch try session.store.carryOver(resuming.id, as: Engine.self, module: session.module, at: now) {
            case .resume(let saved):
                attempt = Attempt(resuming: saved, module: session.module, store: session.store,
                                  sessionSeed: session.seed, contentHashes: session.contentHashes)
            case .closed(let reason): closed = reason.inPlainWords
            }
        }
        let dealt: Attempt<Engine>
        if let attempt { dealt = attempt } else { dealt = try newAttempt(in: session, at: now) }
        let run = ActivityRun<Presenter>(session: session, attempt: dealt, lastResult: session.lastResult(Engine.kind))
        let opened = OpenedActivity(run: run, plain: PlainActivity<PlainView>(run: run),
                                    screen: ActivityScreen<ScreenView>(run: run, module: session.module))
        return (opened, closed)
    }

    private func newAttempt(in session: PlayerSession, at now: Date) throws(ProgressError) -> Attempt<Engine> {
        try Attempt(module: session.module, store: session.store, sessionSeed: session.seed, previous: previous(session),
                    options: Engine.defaultOptions, contentHashes: session.contentHashes, at: now)
    }

    func settle(_ attempt: UnfinishedAttempt, in session: PlayerSession, at now: Date) -> Settled {
        guard let carried = try? session.store.carryOver(attempt.id, as: Engine.self, module: session.module, at: now) else {
            return .resumable
        }
        switch carried {
        case .closed(let reason): return .closed(reason.inPlainWords)
        case .resume(let saved):
            guard !Engine.isScored else { return .resumable }
            // Killed while watching or browsing: it counts as visited, as leaving would have made it.
            Attempt(resuming: saved, module: session.module, store: session.store, sessionSeed: session.seed,
                    contentHashes: session.contentHashes)
                .leave(at: saved.actions.last?.at ?? saved.startedAt)
            return .settled
        }
    }
}
