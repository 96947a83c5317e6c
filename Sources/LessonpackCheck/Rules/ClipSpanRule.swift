import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let clipSpanMismatch: DiagnosticCode = "clip-span-mismatch"
}

/// A line's clip is that line cut from the conversation, so its length and the line's span in the video (end −
/// start) agree up to the silence either side. Far apart, one of them is wrong: the times were typed for another
/// line, or the clip is another line's; the audio game and the pronunciation practice then play the wrong words.
struct ClipSpanRule: CheckRule {
    /// Clips are cut with some silence around the words: a second either way, or a third of the clip for long
    /// lines, is normal editing.
    static func tolerance(forClip duration: Double) -> Double { max(1.0, duration / 3) }

    func check(_ context: CheckContext) -> [Diagnostic] {
        let durations = Dictionary(context.module.media.compactMap { file in file.duration.map { (file.path, $0) } },
                                   uniquingKeysWith: { first, _ in first })
        return context.module.transcript.enumerated().compactMap { index, line in
            guard let clip = durations[line.audio], line.start.isFinite, line.end.isFinite, line.end > line.start
            else { return nil }
            let span = line.end - line.start
            guard abs(span - clip) > Self.tolerance(forClip: clip) else { return nil }
            return context.problem(.clipSpanMismatch, "\(context.describeLine(index)) spans \(TimeText.format(span)) " +
                                   "of the video (\(TimeText.format(line.start)) to \(TimeText.format(line.end))) but " +
                                   "its clip media/\(line.audio) plays for \(TimeText.format(clip)); check the times " +
                                   "and the clip", at: .transcript(index, .end))
        }
    }
}
