import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let timingBeyondVideo: DiagnosticCode = "timing-beyond-video"
}

/// Every line lies within the video, by the duration the media manifest records for it.
struct TimingWithinVideoRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        // Only a real video's duration bounds the lines; a wrong kind is media-kind-mismatch's to report.
        guard let video = context.module.video,
              let file = context.module.media.first(where: { $0.path == video }), file.kind == .video,
              let duration = file.duration else { return [] }
        // Durations in the manifest are rounded to the millisecond.
        let tolerance = 0.0005
        return context.module.transcript.enumerated().compactMap { index, line in
            if line.start.isFinite, line.start < 0 {
                return context.problem(.timingBeyondVideo, "\(context.describeLine(index)) starts before the video " +
                                       "does", at: .transcript(index, .start))
            }
            guard line.end.isFinite, line.end > duration + tolerance else { return nil }
            return context.problem(.timingBeyondVideo, "\(context.describeLine(index)) ends at " +
                                   "\(TimeText.format(line.end)), after the video ends (\(TimeText.format(duration)))",
                                   at: .transcript(index, .end))
        }
    }
}
