import Foundation
import LessonpackActivities
import LessonpackDiagnostics
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import LessonpackCore
import LessonpackRuntime

/// Everything one run of the player shares: the module, the learner's progress (held by this player alone), their
/// settings, sound and recording, and the seed every attempt's deal is derived from (so `--seed` replays a session).
package final class PlayerSession {
    package let loaded: LoadedModule
    package let store: ProgressStore
    /// The session's seed: with an activity and an attempt's number, it makes that attempt's deal.
    package let seed: UInt64
    let media: MediaEffects
    /// Computed when first needed (opening an activity, settling an unfinished one): hashing every item is a
    /// twentieth of the start-up, and the contents screen does not need it.
    private(set) lazy var contentHashes: [String: String] = ContentHashes.of(loaded.module)
    private(set) var settings: LearnerSettings
    private let lock: PlayerLock
    private var shownNotices: Set<String> = []
    private var pendingNotices: [String] = []

    /// `lock` is the data folder's, taken before the store was opened: a second player is refused before it can
    /// touch the store (upgrade it, or move it aside).
    package init(loaded: LoadedModule, store: ProgressStore, lock: PlayerLock, sound: SoundOutput,
                 recorder: CommandRecorder, seed: UInt64?, workFolder: String, language: UILanguage = .en,
                 at now: Date) throws(ProgressError) {
        self.lock = lock
        self.loaded = loaded
        self.store = store
        var system = SeededRandom.fromSystem()
        self.seed = seed ?? system.next()
        settings = LearnerSettings(listeningFirst: store.setting(SettingKey.listeningFirst) == "on",
                                   hiddenHelp: Set((store.setting(SettingKey.hiddenHelp) ?? "").split(separator: " ").map(String.init)),
                                   language: language,
                                   subtitles: store.setting(SettingKey.subtitles).flatMap(SubtitleChoice.init(setting:)))
        media = MediaEffects(loaded: loaded, sound: sound, recorder: recorder, workFolder: workFolder)
        media.notice = { [weak self] in self?.notice($0) }
        try store.noteModuleSeen(loaded.module, at: now)
        try store.completeObjectiveTexts(for: loaded.module)
        for note in store.notes { notice(note) }
    }

    package var module: Module { loaded.module }

    /// The player's sentences in the learner's language.
    package var strings: Strings { Strings(settings.language) }

    /// A message to show once per session ("no sound device"), however often its cause comes up.
    package func notice(_ message: String) {
        guard shownNotices.insert(message).inserted else { return }
        pendingNotices.append(message)
    }

    /// Counts `message` as shown already, so it never is: for a notice that would only repeat what the learner
    /// chose (`play -q --player none`: "sound is turned off").
    package func countAsShown(_ message: String) {
        shownNotices.insert(message)
    }

    /// The notices not yet shown; each is returned once.
    package func takeNotices() -> [String] {
        defer { pendingNotices = [] }
        return pendingNotices
    }

    /// Where the learner stands with each activity.
    package func statuses() -> [ActivityKind: ActivityStatus] {
        let histories = (try? store.history(moduleID: module.id)) ?? [:]
        return Dictionary(uniqueKeysWithValues: ActivityKind.allCases.map { ($0, histories[$0]?.status ?? .notStarted) })
    }

    /// Listening first: the learner's choice, remembered.
    package func setListeningFirst(_ on: Bool) throws(ProgressError) {
        try store.setSetting(SettingKey.listeningFirst, to: on ? "on" : "off")
        settings.listeningFirst = on
    }

    /// Settings the learner changed inside an activity (whose subtitles show), remembered for the next video. One that
    /// cannot be saved still holds for this session, and the learner is told once.
    func remember(_ changed: LearnerSettings) {
        if changed.subtitles != settings.subtitles, let subtitles = changed.subtitles {
            do {
                try store.setSetting(SettingKey.subtitles, to: subtitles.setting)
            } catch {
                notice("Your choice of subtitles could not be saved: \(error.description) [\(error.code)]")
            }
        }
        settings.subtitles = changed.subtitles
    }

    /// Looks at the attempts an earlier session left unfinished: those whose module changed under them are closed
    /// (the learner is told), those of activities without a score are counted as visited, and each of the rest is
    /// offered for resuming, newest first: one per activity, so no unfinished work is hidden behind another's.
    package func resumable(at now: Date) -> [UnfinishedAttempt] {
        guard let unfinished = try? store.unfinishedAttempts(moduleID: module.id) else { return [] }
        var offered: [UnfinishedAttempt] = []
        for attempt in unfinished {
            switch ActivityViews.entry(for: attempt.activity).settle(attempt, in: self, at: now) {
            case .resumable: if !offered.contains(where: { $0.activity == attempt.activity }) { offered.append(attempt) }
            case .closed(let reason): notice(SessionWording.closed(attempt, reason: reason, strings))
            case .settled: break
            }
        }
        return offered
    }

    /// "Don't show again": the help of screen `id` no longer opens by itself (`hidden`), or opens again on every
    /// visit. Remembered.
    package func setHelpHidden(_ id: String, _ hide: Bool) throws(ProgressError) {
        let hidden = hide ? settings.hiddenHelp.union([id]) : settings.hiddenHelp.subtracting([id])
        try store.setSetting(SettingKey.hiddenHelp, to: hidden.sorted().joined(separator: " "))
        settings.hiddenHelp = hidden
    }

    /// The learner chose to start afresh rather than resume.
    package func setAside(_ attempt: UnfinishedAttempt, at now: Date) {
        do { try store.abandon(attempt.id, at: now) } catch { notice("\(error.description) [\(error.code)]") }
    }

    /// Opens an activity, carrying on its unfinished attempt when there is one that still fits the module.
    func open(_ kind: ActivityKind, at now: Date) throws(ProgressError) -> OpenedActivity {
        let unfinished = try store.unfinishedAttempts(moduleID: module.id).first { $0.activity == kind }
        let opened = try ActivityViews.entry(for: kind).open(in: self, resuming: unfinished, at: now)
        if let closed = opened.closed, let unfinished { notice(SessionWording.closed(unfinished, reason: closed, strings)) }
        return opened.activity
    }

    /// The last finished attempt's result at an activity.
    func lastResult(_ kind: ActivityKind) -> ActivityResult? {
        (try? store.history(moduleID: module.id))?[kind]?.lastResult
    }

    /// Stops whatever plays or records: the session is ending.
    package func close() { media.stopAll() }
}

enum SettingKey {
    static let listeningFirst = "listening-first"
    /// The help screens not to open by themselves, their ids separated by spaces.
    static let hiddenHelp = "hidden-help"
    /// Whose subtitles show in a video: `off`, `everyone` or `speaker:ID` (SubtitleChoice.setting).
    static let subtitles = "subtitles"
}
