import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress
import LessonpackRuntime

/// Everything one run of the player shares: the module, the learner's progress, sound and recording, and the
/// random source every attempt's seed comes from (so `--seed` replays a whole session).
public final class PlayerSession {
    public let loaded: LoadedModule
    public let store: ProgressStore
    public let sound: SoundOutput
    public let recorder: CommandRecorder
    /// Where recordings and comparisons are kept.
    public let workFolder: String
    let contentHashes: [String: String]
    private var seeds: SeededRandom
    private var shownNotices: Set<String> = []
    private var pendingNotices: [String] = []

    public init(loaded: LoadedModule, store: ProgressStore, sound: SoundOutput, recorder: CommandRecorder,
                seed: UInt64?, workFolder: String, at now: Date) throws(ProgressError) {
        self.loaded = loaded
        self.store = store
        self.sound = sound
        self.recorder = recorder
        self.workFolder = workFolder
        seeds = seed.map(SeededRandom.init(seed:)) ?? .fromSystem()
        contentHashes = ContentHashes.of(loaded.module)
        try store.noteModuleSeen(loaded.module, at: now)
    }

    public var module: Module { loaded.module }

    func nextSeed() -> UInt64 { seeds.next() }

    /// A message to show once per session ("no sound device"), however often its cause comes up.
    public func notice(_ message: String) {
        guard shownNotices.insert(message).inserted else { return }
        pendingNotices.append(message)
    }

    /// The notices not yet shown; each is returned once.
    public func takeNotices() -> [String] {
        defer { pendingNotices = [] }
        return pendingNotices
    }

    /// What the contents screen says of an activity.
    public func status(of activity: ActivityKind, in histories: [ActivityKind: ActivityHistory]) -> String {
        guard let history = histories[activity] else { return "not started" }
        if history.inProgress { return "in progress" }
        if let best = history.bestPercent { return "best \(Int(best.rounded()))%" }
        return history.finished > 0 ? "done" : "not started"
    }

    public func histories() -> [ActivityKind: ActivityHistory] {
        (try? store.history(moduleID: module.id)) ?? [:]
    }

    /// The controller for `activity`, carrying on its unfinished attempt when there is one.
    public func controller(for activity: ActivityKind, at now: Date) throws(ProgressError) -> ActivityController {
        let unfinished = try store.unfinishedAttempt(moduleID: module.id, activity: activity)
        return try controller(for: activity, resuming: unfinished?.moduleVersion == module.version ? unfinished : nil,
                              at: now)
    }

    public func controller(for activity: ActivityKind, resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError)
        -> ActivityController {
        switch activity {
        case .video: try VideoController(session: self, resuming: resuming, at: now)
        case .videoTask: try VideoTaskController(session: self, resuming: resuming, at: now)
        case .vocabulary: try VocabularyController(session: self, resuming: resuming, at: now)
        case .audioGame: try AudioGameController(session: self, resuming: resuming, at: now)
        case .pronunciation: try PronunciationController(session: self, resuming: resuming, at: now)
        case .questions: try QuestionsController(session: self, resuming: resuming, at: now)
        case .dictionary: try DictionaryController(session: self, resuming: resuming, at: now)
        case .test: try TestController(session: self, resuming: resuming, at: now)
        }
    }

    /// Plays a media file of the module, saying once why not when there is no sound.
    func play(media path: String, from start: Double = 0) {
        if let reason = sound.unavailableReason { return notice(reason) }
        do {
            let file = try loaded.media.file(path)
            let isVideo = loaded.media.info(path)?.kind == .video
            if !sound.play(file, from: start, showingVideo: isVideo) {
                notice("this player cannot play \((path as NSString).pathExtension) files")
            }
        } catch {
            notice(error.description)
        }
    }

    func play(file: String) {
        if let reason = sound.unavailableReason { return notice(reason) }
        sound.play(file)
    }
}
