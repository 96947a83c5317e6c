import Foundation
import LessonpackActivities
import LessonpackAudio
import LessonpackDiagnostics
import LessonpackModel
import LessonpackPresentation
import LessonpackRuntime
import LessonpackSystem

/// Carries out what engines and presenters ask for outside themselves: clips played, the learner recorded, voices
/// mixed. Recording runs in the background: the front end keeps drawing (a countdown) and asks, as it goes, whether
/// it has finished. What comes of a recording or a mix goes back to the engine as an action.
final class MediaEffects {
    private struct ActiveRecording {
        var line: String
        /// Where the recording goes once it is made; until then it is written beside it, so that a recording that
        /// fails leaves the last good one in place.
        var file: String
        var partial: String
        var process: ChildProcess
        var progress: RecordingProgress
    }

    let sound: SoundOutput
    let recorder: CommandRecorder
    private let loaded: LoadedModule
    private let studio: PronunciationStudio
    /// Says, once, why something could not be played.
    var notice: (String) -> Void = { _ in }
    private var recording: ActiveRecording?
    /// Intonation analyses under way, oldest first, with the line each is for and the activity whose recording it is.
    private var analyses: [(line: String, owner: ActivityKind, job: BackgroundJob<EffectOutcome>)] = []
    /// The files role plays record to: their analyses go to the video, the others' to pronunciation practice.
    private var rolePlayRecordings: Set<String> = []
    /// A clip being made to play once ready (slowed down, or with voices silenced; or why it could not be made), and
    /// where to play it from once it is: a slowed line from its start, the conversation from where the video's clock
    /// has got to meanwhile.
    private var preparing: (job: BackgroundJob<Result<String, PlayerProblem>>, from: (Date) -> Double)?
    private var slowedCount = 0
    private let workFolder: String
    /// Where conversations prepared with some voices silenced are kept (MediaStore.voicesCacheFolder).
    var voicesFolder = MediaStore.voicesCacheFolder()

    init(loaded: LoadedModule, sound: SoundOutput, recorder: CommandRecorder, workFolder: String) {
        self.loaded = loaded
        self.sound = sound
        self.recorder = recorder
        studio = PronunciationStudio(media: loaded.media, workFolder: workFolder)
        self.workFolder = workFolder
    }

    /// A recording under way, for the countdown.
    var recordingProgress: RecordingProgress? { recording?.progress }

    /// Carries out `effects` in order; returns what came at once of those that make something.
    func carryOut(_ effects: [Effect], at now: Date) -> [EffectOutcome] {
        effects.compactMap { carryOut($0, at: now) }
    }

    private func carryOut(_ effect: Effect, at now: Date) -> EffectOutcome? {
        switch effect {
        case .play(let media, let from, let until):
            preparing = nil
            play(media: media, from: from, until: until)
        case .stopSound:
            preparing = nil
            sound.stop()
        case .playFile(let file):
            if let reason = sound.play(file) { notice(reason) }
        case .record(let line, let seconds, let rolePlay):
            preparing = nil
            return startRecording(line, seconds: seconds, rolePlay: rolePlay, at: now)
        case .stopRecording:
            recording?.process.interrupt()
        case .compare(let line, let file, let mode):
            guard let original = loaded.module.transcript.first(where: { $0.id == line }) else { return nil }
            do {
                return .compared(line: line, mode: mode, file: try studio.compare(original, learner: file, mode))
            } catch {
                return .comparisonFailed(line: line, mode: mode, reason: error.description)
            }
        case .analyse(let line, let file):
            guard let original = loaded.module.transcript.first(where: { $0.id == line }) else { return nil }
            let media = loaded.media
            // Every take of a line is written to one file: an analysis still running for an earlier take would
            // come back with that take's score, so it is dropped.
            let owner: ActivityKind = rolePlayRecordings.contains(file) ? .video : .pronunciation
            analyses.removeAll { $0.line == line && $0.owner == owner }
            analyses.append((line, owner, BackgroundJob { IntonationAnalysis.outcome(for: original, recording: file, media: media) }))
        case .playSlowed(let media, let speed):
            if let reason = sound.unavailableReason { notice(reason); return nil }
            sound.stop()
            // Each clip its own file: one still being made when another is asked for must not replace it.
            slowedCount += 1
            let store = loaded.media, folder = workFolder, path = workFolder + "/slowed-\(slowedCount % 4).wav"
            preparing = (BackgroundJob {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    return .success(try IntonationAnalysis.slowed(media, speed: speed, from: store, to: path))
                } catch {
                    return .failure(PlayerProblem(.slowingFailed, "cannot slow \(media) down: \(error)"))
                }
            }, { _ in 0 })
        case .playSilencing(let media, let from, let silenced):
            preparing = nil
            if let reason = sound.unavailableReason { notice(reason); return nil }
            sound.stop()
            // Made once for each media file (by its hash: the cache is shared by every module) and set of spans, and
            // kept in the learner's cache for the next time.
            let identity = loaded.media.info(media)?.sha256 ?? media
            let folder = voicesFolder
            let path = folder + "/" + VoiceTrackName.hex(media: identity, silenced: silenced) + ".wav"
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                VoiceTrackCache.touch(path)
                if let reason = sound.play(path, from: from) { notice(reason) }
                return nil
            }
            let store = loaded.media, asked = Date()
            preparing = (BackgroundJob {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try VoiceSilencing.prepare(try store.file(media), silencing: silenced.map { $0.start...max($0.start, $0.end) },
                                               to: path)
                    VoiceTrackCache.prune(folder)
                    return .success(path)
                } catch {
                    return .failure(PlayerProblem(.voicesFailed, "cannot take voices out of \(media): \(error)"))
                }
            }, { ready in from + max(0, ready.timeIntervalSince(asked)) })
        case .playWithTakes(let media, let takes):
            preparing = nil
            if let reason = sound.unavailableReason { notice(reason); return nil }
            sound.stop()
            // Made afresh each time (a line said again changes it), in the learner's own folder, beside the recordings.
            let store = loaded.media, folder = workFolder, path = workFolder + "/role-play-heard.wav"
            preparing = (BackgroundJob {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try RolePlayMix.prepare(try store.file(media), takes: takes.map {
                        RolePlayMix.Take(span: $0.start...max($0.start, $0.end), recording: $0.recording)
                    }, to: path)
                    return .success(path)
                } catch {
                    return .failure(PlayerProblem(.voicesFailed, "cannot put your lines into \(media): \(error)"))
                }
            }, { _ in 0 })
        }
        return nil
    }

    /// What came of the oldest of `owner`'s intonation analyses (pronunciation practice's, or the video's role
    /// play's), once it is done; nil while none has finished, and for an activity that records nothing.
    func finishedAnalysis(for owner: ActivityKind) -> EffectOutcome? {
        guard let index = analyses.firstIndex(where: { $0.owner == owner }),
              let outcome = analyses[index].job.result else { return nil }
        analyses.remove(at: index)
        return outcome
    }

    /// Waits for `owner`'s analyses under way, for front ends that cannot draw meanwhile: their outcomes, oldest
    /// first.
    func waitForAnalyses(for owner: ActivityKind) -> [EffectOutcome] {
        defer { analyses.removeAll { $0.owner == owner } }
        return analyses.filter { $0.owner == owner }.map { $0.job.wait() }
    }

    /// The lines of `owner`'s whose intonation is being measured.
    func analysingLines(for owner: ActivityKind) -> Set<String> { Set(analyses.filter { $0.owner == owner }.map(\.line)) }

    /// Plays a prepared clip (slowed, with voices silenced, or with the learner's takes) once it is ready.
    private func playPreparedWhenReady(waiting: Bool) {
        guard let (job, from) = preparing, let made = waiting ? job.wait() : job.result else { return }
        preparing = nil
        switch made {
        case .success(let file): if let reason = sound.play(file, from: from(Date())) { notice(reason) }
        case .failure(let failure): notice(failure.description)
        }
    }

    private func play(media path: String, from start: Double, until end: Double?) {
        if let reason = sound.unavailableReason { return notice(reason) }
        do {
            let file = try loaded.media.file(path)
            let isVideo = loaded.media.info(path)?.kind == .video
            if let reason = sound.play(file, from: start, until: end, showingVideo: isVideo) { notice(reason) }
        } catch {
            notice(error.description)
        }
    }

    private func startRecording(_ line: String, seconds: Double, rolePlay: Bool, at now: Date) -> EffectOutcome? {
        guard recording == nil else { return nil }
        sound.stop()
        do {
            let file = try studio.recordingPath(for: line, rolePlay: rolePlay)
            if rolePlay { rolePlayRecordings.insert(file) }
            let partial = file + ".partial.wav"
            unlink(partial)
            let process = try recorder.start(to: partial, seconds: seconds)
            recording = ActiveRecording(line: line, file: file, partial: partial, process: process,
                                        progress: RecordingProgress(line: line, startedAt: now, seconds: seconds))
            return nil
        } catch {
            return .recordingFailed(line: line, reason: error.description)
        }
    }

    /// What came of the recording, once it has ended; nil while it goes on (or when there is none). A recorder that
    /// overruns its time by more than a few seconds is stopped.
    func finishedRecording(at now: Date) -> EffectOutcome? {
        guard let active = recording else { return nil }
        guard let status = active.process.exitStatus else {
            let overrun = now.timeIntervalSince(active.progress.startedAt) - active.progress.seconds
            if overrun > 6 { active.process.stop() } else if overrun > 3 { active.process.interrupt() }
            return nil
        }
        recording = nil
        var info = stat()
        // A WAV header alone is 44 bytes: anything less holds no sound.
        guard stat(active.partial, &info) == 0, info.st_size > 44, rename(active.partial, active.file) == 0 else {
            unlink(active.partial)
            return .recordingFailed(line: active.line, reason: "the recorder stopped without recording anything " +
                                    "(exit status \(status))")
        }
        return .recorded(line: active.line, file: active.file)
    }

    /// Waits for the recording under way to end, for front ends that cannot draw meanwhile.
    func waitForRecording() -> EffectOutcome? {
        while recording != nil {
            if let outcome = finishedRecording(at: Date()) { return outcome }
            usleep(50_000)
        }
        return nil
    }

    /// Ends everything that is playing or recording.
    func stopAll() {
        sound.stop()
        // A clip still being prepared is not played after all.
        preparing = nil
        if let recording {
            recording.process.stop()
            unlink(recording.partial)
        }
        recording = nil
    }

    /// Reaps a player that finished by itself, and starts a prepared clip that has become ready.
    func tidy() {
        sound.tidy()
        playPreparedWhenReady(waiting: false)
    }

    /// Waits for a clip being prepared and starts it, for front ends that cannot draw meanwhile.
    func waitForPreparedClip() { playPreparedWhenReady(waiting: true) }

    /// Whether a clip is being made to play once ready (slowed, or with voices silenced).
    var isPreparingClip: Bool { preparing != nil }
}

/// The name of a conversation prepared with some voices silenced: FNV-1a of its media file's identity (its hash in
/// the manifest) and the spans, the same in every run, so a prepared file is found again.
enum VoiceTrackName {
    static func hex(media: String, silenced: [SoundSpan]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let text = media + silenced.map { "|\($0.start)-\($0.end)" }.joined()
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}

/// The conversations prepared with some voices silenced, kept in the learner's cache but not without end: a track of
/// a two-minute conversation is about 10 MB, and every choice of voices in every module makes another. The most
/// recently played stay; a track played again is marked as used.
enum VoiceTrackCache {
    static let kept = 12

    /// Marks `path` as used now, so that it stays.
    static func touch(_ path: String) {
        _ = utimes(path, nil)
    }

    /// Removes all but the `kept` most recently used tracks in `folder`. Only regular files named as tracks are
    /// counted or removed (`VoiceTrackName`: hexadecimal digits and `.wav`), never a link or anything else there.
    static func prune(_ folder: String, keeping kept: Int = kept) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let tracks: [(path: String, used: Int)] = names.compactMap { name in
            guard name.hasSuffix(".wav"), name.count > 4,
                  name.dropLast(4).allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return (path, status.st_mtim.tv_sec)
        }
        for old in tracks.sorted(by: { $0.used > $1.used }).dropFirst(max(0, kept)) { unlink(old.path) }
    }
}
