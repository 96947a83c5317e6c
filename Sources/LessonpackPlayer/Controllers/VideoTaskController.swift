import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress

/// Activity 2: ten boxes to tick, checked once all are answered.
public final class VideoTaskController: ActivityController {
    public private(set) var engine: VideoTaskEngine

    init(session: PlayerSession, resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError) {
        engine = VideoTaskEngine(module: session.module, at: resuming?.startedAt ?? now)
        try super.init(
            session: session, activity: .videoTask, seed: resuming?.seed ?? session.nextSeed(), setup: [:],
            resuming: resuming, at: now)
        replay(resuming)
    }

    override func apply(_ action: RecordedAction) {
        switch action.kind {
        case "set": if let id = action.item, let state = action.value.flatMap(TriState.init(rawValue:)) { engine.set(id, to: state) }
        case "check": _ = check(at: action.at)
        default: break
        }
    }

    public func cycle(_ id: String, at now: Date) {
        engine.cycle(id)
        log("set", item: id, value: engine.answer(id).rawValue, at: now)
    }

    public func set(_ id: String, to state: TriState, at now: Date) {
        engine.set(id, to: state)
        log("set", item: id, value: engine.answer(id).rawValue, at: now)
    }

    /// Checks the answers; once checked, the attempt is finished and saved.
    public func check(at now: Date) -> VideoTaskEngine.CheckOutcome {
        let outcome = engine.check()
        if case .checked = outcome {
            log("check", at: now)
            finish(engine.result(at: now))
        }
        return outcome
    }

    public func tryAgain(at now: Date) {
        engine.tryAgain()
        startNewAttempt(setup: [:], at: now)
    }

    /// Replays the lines a wrong statement points to.
    public func replayLines(of mistake: VideoTaskEngine.Report.Mistake) {
        guard let video = session.module.video, let first = mistake.lines.first else { return }
        session.play(media: video, from: first.start)
    }

    public override func result(at now: Date) -> ActivityResult { engine.result(at: now) }
    public override var answersGiven: Int { engine.statements.count - engine.unanswered.count }
}
