import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let timingOrder: DiagnosticCode = "timing-order"
}

/// Each line ends after it starts, and lines start in the order they are spoken: subtitles and replays
/// depend on it.
struct TimingOrderRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        let lines = context.module.transcript
        var diagnostics: [Diagnostic] = []
        var previous: Int?
        for (index, line) in lines.enumerated() where line.start.isFinite && line.end.isFinite {
            if line.end <= line.start {
                diagnostics.append(context.problem(.timingOrder, "\(context.describeLine(index)) ends at " +
                                                   "\(TimeText.format(line.end)), not after it starts at " +
                                                   "\(TimeText.format(line.start))", at: .transcript(index, .end)))
            }
            if let previous, line.start < lines[previous].start {
                diagnostics.append(context.problem(.timingOrder, "\(context.describeLine(index)) starts at " +
                                                   "\(TimeText.format(line.start)), before " +
                                                   "\(context.describeLine(previous)) " +
                                                   "(\(TimeText.format(lines[previous].start))): lines must be in the " +
                                                   "order they are spoken", at: .transcript(index, .start)))
            }
            previous = index
        }
        return diagnostics
    }
}
