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
        let compared: Result<IntonationComparison, IntonationComparison.Failure>
        do {
            compared = IntonationComparison.of(model: try AudioReader.read(try media.file(line.audio)),
                                               learner: try AudioReader.read(recording), text: line.text)
        } catch {
            return .analysisFailed(line: line.id, recording: recording, reason: "\(error)")
        }
        switch compared {
        case .failure(let failure): return .analysisFailed(line: line.id, recording: recording, reason: failure.description)
        case .success(let comparison): return .analysed(line: line.id, recording: recording, result: IntonationResult(
            score: comparison.score, feedback: comparison.feedback, timing: comparison.timing,
            step: comparison.model.step, model: comparison.model.f0, learner: comparison.learner.f0))
        }
    }

    /// The module's clip `media` slowed to `speed`, written as a WAV file at `path`.
    static func slowed(_ media: String, speed: Double, from store: MediaStore, to path: String) throws -> String {
        let signal = try AudioReader.read(try store.file(media), sampleRate: 44_100)
        try AtomicFile.write(WAVEncoding.data(TimeStretch.changed(signal, speed: speed)), to: path)
        return path
    }
}
