import LessonpackDiagnostics
import LessonpackModel

/// Forced alignment writes times it doubts (no clear pause where the line should start, a span too short for its
/// words) and says why in the line's `uncertainTiming`. Until the teacher has listened and changed them, each such
/// line stays on the module's to-do list, however often the module is opened again.
struct UncertainTimingRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        context.module.transcript.enumerated().compactMap { index, line in
            guard let doubt = line.uncertainTiming else { return nil }
            let times = "\(TimeText.format(line.start))–\(TimeText.format(line.end))"
            return context.problem(.uncertainTiming, "the timing of \(context.describeLine(index)) (\(times)) may be " +
                                   "wrong: \(doubt); play it against the video and correct its start or end",
                                   at: .transcript(index, .start))
        }
    }
}
