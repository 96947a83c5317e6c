import LessonpackActivities
import LessonpackAudio
import LessonpackModel

/// The preview's intonation analysis: the original from the module's own media folder (opened as every media file
/// is, never through a link), the recording the page sent, compared as the terminal player compares them.
enum PreviewIntonation {
    static func outcome(for line: TranscriptLine, recording: String, moduleFolder: String) -> EffectOutcome {
        let failed = { (reason: String) in EffectOutcome.analysisFailed(line: line.id, recording: recording, reason: reason) }
        if let problem = MediaFolder.problem(with: line.audio) { return failed("the line's audio \(problem)") }
        let compared: Result<IntonationComparison, IntonationComparison.Failure>
        do {
            let model: AudioSignal
            switch MediaFolder(moduleFolder: moduleFolder).open(line.audio) {
            case .success(let file): model = try AudioReader.read(file, named: line.audio)
            case .failure(let failure): return failed("cannot open \(line.audio): \(failure)")
            }
            compared = IntonationComparison.of(model: model, learner: try AudioReader.read(recording), text: line.text)
        } catch {
            return failed(error.description)
        }
        // As the terminal player reports it (LessonpackPlayer's IntonationAnalysis).
        switch compared {
        case .failure(let failure): return failed(failure.description)
        case .success(let comparison): return .analysed(line: line.id, recording: recording, result: IntonationResult(
            score: comparison.score, feedback: comparison.feedback, timing: comparison.timing,
            step: comparison.model.step, model: comparison.model.f0, learner: comparison.learner.f0))
        }
    }
}
