import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unknownLine: DiagnosticCode = "unknown-line"
    package static let noLineReference: DiagnosticCode = "no-line-reference"
}

/// Each video-task statement names at least one transcript line, and every line it names exists: learners who
/// get the statement wrong are sent to replay those lines.
struct LineReferenceRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.transcript) else { return [] }
        let lineIDs = context.module.transcript.map(\.id)
        let known = Set(lineIDs)
        var diagnostics: [Diagnostic] = []
        for (index, statement) in context.module.videoTask.enumerated() {
            let name = statement.id.isEmpty ? "a statement" : "statement '\(statement.id)'"
            if statement.lines.isEmpty, context.writtenCount(.videoTask(index, .lines), else: 0) != nil {
                diagnostics.append(context.problem(.noLineReference, "\(name) names no transcript line to replay",
                                                   at: .videoTask(index, .lines)))
            }
            for reference in statement.lines where !known.contains(reference) {
                // Where the reference is first written: the same wrong id twice is one place to fix.
                let first = statement.lines.firstIndex(of: reference) ?? 0
                diagnostics.append(context.problem(.unknownLine, "\(name) refers to line '\(reference)', which is not " +
                                                   "in the transcript" + DidYouMean.hint(for: reference, among: lineIDs),
                                                   at: .videoTask(index, .line(first))))
            }
        }
        return diagnostics
    }
}
