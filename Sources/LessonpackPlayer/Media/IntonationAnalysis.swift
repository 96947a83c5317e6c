import Foundation
import LessonpackActivities
import LessonpackAudio
import LessonpackModel
import LessonpackRuntime
import LessonpackSystem

/// The intonation of a learner's recording of a line against the original: both decoded in-process, their pitch
/// tracked, compared (LessonpackAudio), and the outcome put as the engine keeps it.
enum IntonationAnalysis {
    static func outcome(for line: TranscriptLine, recording: String, media: MediaStore) -> EffectOutcome {
        let model: PitchContour, learner: PitchContour
        do {
            model = PitchTracker().contour(of: try AudioReader.read(try media.file(line.audio)))
            learner = PitchTracker().contour(of: try AudioReader.read(recording))
        } catch {
            return .analysisFailed(line: line.id, recording: recording, reason: "\(error)")
        }
        guard let comparison = IntonationComparison.compare(model: model, learner: learner, text: line.text) else {
            let reason = learner.voicedCount < 3 ? "no voice was heard in the recording: speak up, or closer to the microphone"
                : "the original has too little voiced sound to compare with"
            return .analysisFailed(line: line.id, recording: recording, reason: reason)
        }
        return .analysed(line: line.id, recording: recording, result: IntonationResult(
            score: comparison.score, feedback: comparison.feedback, timing: comparison.timing,
            step: comparison.model.step, model: comparison.model.f0, learner: comparison.learner.f0))
    }

    /// The module's clip `media` slowed to `speed`, written as a WAV file at `path`.
    static func slowed(_ media: String, speed: Double, from store: MediaStore, to path: String) throws -> String {
        let signal = try AudioReader.read(try store.file(media), sampleRate: 44_100)
        try AtomicFile.write(WAVEncoding.data(TimeStretch.changed(signal, speed: speed)), to: path)
        return path
    }
}
