/// What the intonation analysis of one recording found, as the engine keeps it: a score, a sentence on the melody and
/// one on the pace, and both contours (F0 in Hz per frame, nil where unvoiced, trimmed to the speech) for drawing.
/// The analysis itself is the player's (LessonpackAudio); the engine records its outcome like any other.
package struct IntonationResult: Sendable, Equatable, Storable {
    package var score: Int
    package var feedback: String
    package var timing: String?
    /// Seconds between the contours' frames.
    package var step: Double
    package var model: [Double?]
    package var learner: [Double?]

    package init(score: Int, feedback: String, timing: String?, step: Double, model: [Double?], learner: [Double?]) {
        self.score = score
        self.feedback = feedback
        self.timing = timing
        self.step = step
        self.model = model
        self.learner = learner
    }
}
