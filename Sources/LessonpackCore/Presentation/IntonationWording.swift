/// What a learner is told of a recording's intonation, wherever they record a line: pronunciation practice and the
/// video's role play say it in the same words.
enum IntonationWording {
    /// "Intonation: 72/100. …", toned by the score.
    static func result(_ result: IntonationResult, _ strings: Strings) -> Message {
        Message(strings.text("pronunciation.intonation", ["score": "\(result.score)", "feedback": result.feedback]),
                result.score >= 70 ? .good : .accent)
    }

    /// Before a result: "Measuring your intonation…" while it is measured, or why it could not be; nil before a
    /// recording, and for one a session ended before measuring (the next recording is measured).
    static func pending(recorded: Bool, measuring: Bool, failure: String?, _ strings: Strings) -> String? {
        guard recorded else { return nil }
        if measuring { return strings.text("pronunciation.measuring") }
        return failure.map { strings.text("pronunciation.no-intonation", ["reason": $0]) }
    }

    /// What came of recording a line, as both activities tell it: why it failed, its intonation, or why there is
    /// none; nil for what each activity says in its own words (a recording made, a comparison).
    static func message(after outcome: EffectOutcome, _ strings: Strings) -> Message? {
        switch outcome {
        case .recordingFailed(_, let reason): Message(strings.text("pronunciation.cannot-record", ["reason": reason]), .bad)
        case .analysed(_, _, let result): self.result(result, strings)
        case .analysisFailed(_, _, let reason): Message(strings.text("pronunciation.no-intonation", ["reason": reason]), .bad)
        case .recorded, .compared, .comparisonFailed: nil
        }
    }
}
