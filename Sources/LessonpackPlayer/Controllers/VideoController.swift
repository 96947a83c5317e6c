import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress

/// Activity 1: the video's clock and subtitles, with its sound through the session's player.
public final class VideoController: ActivityController {
    public private(set) var engine: VideoEngine

    init(session: PlayerSession, resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError) {
        engine = VideoEngine(module: session.module, at: resuming?.startedAt ?? now)
        try super.init(
            session: session, activity: .video, seed: resuming?.seed ?? session.nextSeed(), setup: [:],
            resuming: resuming, at: now)
        replay(resuming)
    }

    override func apply(_ action: RecordedAction) {
        if action.kind == "subtitles" { engine.toggleSubtitles() }
    }

    public func togglePlay(at now: Date) {
        engine.togglePlay(at: now)
        followSound(at: now)
    }

    public func seek(to seconds: Double, at now: Date) {
        engine.seek(to: seconds, at: now)
        followSound(at: now)
    }

    public func rewind(at now: Date) {
        engine.rewind(at: now)
        followSound(at: now)
    }

    public func forward(at now: Date) {
        engine.forward(at: now)
        followSound(at: now)
    }

    public func replay(line id: String, at now: Date) {
        engine.replay(line: id, at: now)
        followSound(at: now)
    }

    public func toggleSubtitles(at now: Date) {
        engine.toggleSubtitles()
        log("subtitles", value: engine.subtitlesOn ? "on" : "off", at: now)
    }

    /// Keeps the sound where the clock is: restart it at the new position, or stop it.
    private func followSound(at now: Date) {
        guard engine.isPlaying, !engine.hasEnded(at: now), let video = session.module.video else {
            session.sound.stop()
            return
        }
        session.play(media: video, from: engine.position(at: now))
    }

    public override func result(at now: Date) -> ActivityResult { engine.result(at: now) }
}
