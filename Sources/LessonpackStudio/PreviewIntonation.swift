import LessonpackActivities
import LessonpackAudio
import LessonpackModel

/// The preview's intonation analysis: the original from the module's own media folder (opened as every media file
/// is, never through a link), the recording the page sent, compared as the terminal player compares them.
enum PreviewIntonation {
    static func outcome(for line: TranscriptLine, recording: String, moduleFolder: String) -> EffectOutcome {
        let failed = { (reason: String) in EffectOutcome.analysisFailed(line: line.id, recording: recording, reason: reason) }
        if let problem = MediaFolder.problem(with: line.audio) { return failed("the line's audio \(problem)") }
        let model: PitchContour, learner: PitchContour
        do {
            switch MediaFolder(moduleFolder: moduleFolder).open(line.audio) {
            case .success(let file): model = PitchTracker().contour(of: try AudioReader.read(file, named: line.audio))
            case .failure(let failure): return failed("cannot open \(line.audio): \(failure)")
            }
            learner = PitchTracker().contour(of: try AudioReader.read(recording))
        } catch {
            return failed(error.description)
        }
        guard let comparison = IntonationComparison.compare(model: model, learner: learner, text: line.text) else {
            return failed(learner.voicedCount < 3 ? "no voice was heard in the recording"
                          : "the original has too little voiced sound to compare with")
        }
        return .analysed(line: line.id, recording: recording, result: IntonationResult(
            score: comparison.score, feedback: comparison.feedback, timing: comparison.timing,
            step: comparison.model.step, model: comparison.model.f0, learner: comparison.learner.f0))
    }
}
