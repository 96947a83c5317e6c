import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress
import LessonpackRuntime

/// Activity 5: hear a line, record it, compare.
public final class PronunciationController: ActivityController {
    public private(set) var engine: PronunciationEngine
    let studio: PronunciationStudio

    init(session: PlayerSession, resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError) {
        engine = PronunciationEngine(module: session.module, at: resuming?.startedAt ?? now)
        studio = PronunciationStudio(media: session.loaded.media, recorder: session.recorder,
                                     workFolder: session.workFolder + "/" + session.module.id)
        try super.init(session: session, activity: .pronunciation, seed: resuming?.seed ?? session.nextSeed(),
                       setup: [:], resuming: resuming, at: now)
        replay(resuming)
    }

    override func apply(_ action: RecordedAction) {
        guard let line = action.item else { return }
        switch action.kind {
        case "recorded": if let file = action.value, FileManager.default.fileExists(atPath: file) { engine.recorded(line, file: file) }
        case "compared":
            if let value = action.value, let bar = value.firstIndex(of: "|"),
               let mode = VoiceComparison(rawValue: String(value[..<bar])) {
                engine.compared(line, mode, file: String(value[value.index(after: bar)...]))
            }
        case "heard": engine.heardOriginal(line)
        default: break
        }
    }

    public func select(_ lineID: String) { engine.select(lineID) }
    public func next() { engine.next() }
    public func previous() { engine.previous() }

    public func playOriginal(at now: Date) {
        guard let line = engine.currentLine else { return }
        session.play(media: line.audio)
        engine.heardOriginal(line.id)
        log("heard", item: line.id, at: now)
    }

    /// Records the current line. Returns an error to show when it cannot.
    public func record(at now: Date) -> String? {
        guard let line = engine.currentLine else { return nil }
        session.sound.stop()
        do {
            let file = try studio.record(line)
            engine.recorded(line.id, file: file)
            log("recorded", item: line.id, value: file, at: now)
            return nil
        } catch {
            session.notice(error.description)
            return error.description
        }
    }

    /// Makes and plays the comparison of the current line's recording with the original.
    public func compare(_ mode: VoiceComparison, at now: Date) -> String? {
        guard let line = engine.currentLine else { return nil }
        guard let recording = engine.recordings[line.id] else { return "record this line first" }
        do {
            let file = try studio.compare(line, learner: recording, mode)
            engine.compared(line.id, mode, file: file)
            log("compared", item: line.id, value: "\(mode.rawValue)|\(file)", at: now)
            session.play(file: file)
            return nil
        } catch {
            return error.description
        }
    }

    public override func result(at now: Date) -> ActivityResult { engine.result(at: now) }
}
