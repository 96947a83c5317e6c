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

/// The one table of activity kinds: each kind's presenter (and through it its engine) and its two views. Adding an
/// activity is an engine, a presenter, its views, and a line here.
enum ActivityRegistry {
    static func entry(for kind: ActivityKind) -> any ActivityEntry {
        switch kind {
        case .video: Entry<VideoPresenter, PlainVideo, VideoScreen>()
        case .videoTask: Entry<VideoTaskPresenter, PlainVideoTask, VideoTaskScreen>()
        case .vocabulary: Entry<VocabularyPresenter, PlainVocabulary, VocabularyScreen>()
        case .audioGame: Entry<AudioGamePresenter, PlainAudioGame, AudioGameScreen>(options: .medium)
        case .pronunciation: Entry<PronunciationPresenter, PlainPronunciation, PronunciationScreen>()
        case .dictation: Entry<DictationPresenter, PlainDictation, DictationScreen>()
        case .questions: Entry<QuestionsPresenter, PlainQuestions, QuestionsScreen>()
        case .dictionary: Entry<DictionaryPresenter, PlainDictionary, DictionaryScreen>()
        case .test:
            // The test favours what the last finished test did not show; an item changed since counts as unseen.
            Entry<TestPresenter, PlainTest, TestScreen>(options: NoOptions()) { session in
                let drawn = (try? session.store.lastTestDraw(moduleID: session.module.id,
                                                             contentHashes: session.contentHashes)) ?? []
                return TestEngine.Setup(drawn: drawn, options: [:])
            }
        }
    }
}

/// One kind of activity: its presenter, its plain and full-screen views, how a fresh attempt is dealt, and what a
/// new deal must differ from.
struct Entry<Presenter: ActivityPresenter, PlainView: PlainActivityView, ScreenView: ActivityScreenView>: ActivityEntry
where PlainView.Presenter == Presenter, ScreenView.Presenter == Presenter {
    typealias Engine = Presenter.Engine

    let options: Engine.Options
    let previous: (PlayerSession) -> Engine.Setup?

    /// By default a deal differs from the last attempt's, whatever became of it.
    init(options: Engine.Options, previous: ((PlayerSession) -> Engine.Setup?)? = nil) {
        self.options = options
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
                                  contentHashes: session.contentHashes)
            case .closed(let reason): closed = reason
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
                    options: options, contentHashes: session.contentHashes, at: now)
    }

    func settle(_ attempt: UnfinishedAttempt, in session: PlayerSession, at now: Date) -> Settled {
        guard let carried = try? session.store.carryOver(attempt.id, as: Engine.self, module: session.module, at: now) else {
            return .resumable
        }
        switch carried {
        case .closed(let reason): return .closed(reason)
        case .resume(let saved):
            guard !Engine.isScored else { return .resumable }
            // Killed while watching or browsing: it counts as visited, as leaving would have made it.
            Attempt(resuming: saved, module: session.module, store: session.store, contentHashes: session.contentHashes)
                .leave(at: saved.actions.last?.at ?? saved.startedAt)
            return .settled
        }
    }
}

extension Entry where Engine.Options == NoOptions {
    init() { self.init(options: NoOptions()) }
}
