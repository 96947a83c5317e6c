import LessonpackActivities
import LessonpackAudio
import TerminalText

/// An intonation result as text: the two contours in Braille on one time axis (the model's strip above, the
/// learner's below, each around its own speaker's median), then the score and the sentences. Shared by the
/// full-screen and plain front ends; 80 columns hold it.
enum IntonationDrawing {
    /// The sentences (to wrap) and the plot (one line each, already fitted to `width`).
    static func parts(_ result: IntonationResult, width: Int) -> (sentences: [String], plot: [String]) {
        let plotWidth = max(10, min(72, width - 10))
        let model = PitchContour(step: result.step, start: 0, f0: result.model)
        let learner = PitchContour(step: result.step, start: 0, f0: result.learner)
        let duration = max(model.duration, learner.duration)
        let plot = ContourPlot(width: plotWidth, height: 2)
        // The sentences quote words of the module's line: untrusted text, made safe for the terminal.
        let sentences = (["Intonation \(result.score)/100: \(result.feedback)"] + (result.timing.map { [$0] } ?? []))
            .map { TerminalSafe.line($0) }
        let drawn = plot.strip(model, duration: duration).enumerated().map { ($0 == 0 ? "voice │" : "      │") + $1 }
            + plot.strip(learner, duration: duration).enumerated().map { ($0 == 0 ? "you   │" : "      │") + $1 }
        return (sentences, drawn)
    }

    static func lines(_ result: IntonationResult, width: Int) -> [String] {
        let (sentences, plot) = parts(result, width: width)
        return sentences + plot
    }
}
