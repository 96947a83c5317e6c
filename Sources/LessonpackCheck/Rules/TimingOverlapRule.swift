import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let timingOverlap: DiagnosticCode = "timing-overlap"
}

/// A line starts only once the previous one has ended, so exactly one subtitle shows at any moment.
struct TimingOverlapRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        let lines = context.module.transcript
        var diagnostics: [Diagnostic] = []
        var previous: Int?
        for (index, line) in lines.enumerated() where line.start.isFinite && line.end.isFinite {
            defer { previous = index }
            // Lines out of order are timing-order's to report; an overlap is only meaningful between neighbours.
            guard let previous, line.start >= lines[previous].start, line.start < lines[previous].end else { continue }
            diagnostics.append(context.problem(.timingOverlap, "\(context.describeLine(index)) starts at " +
                                               "\(TimeText.format(line.start)), before " +
                                               "\(context.describeLine(previous)) ends at " +
                                               "\(TimeText.format(lines[previous].end))", at: .transcript(index, .start),
                                               notes: [context.note("\(context.describeLine(previous)) ends here",
                                                                    at: .transcript(previous, .end))]))
        }
        return diagnostics
    }
}
