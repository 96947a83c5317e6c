import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unknownLine: DiagnosticCode = "unknown-line"
    package static let noLineReference: DiagnosticCode = "no-line-reference"
}

/// Each video-task statement names at least one transcript line, and every line it names exists: learners who
/// get the statement wrong are sent to replay those lines.
struct LineReferenceRule: CheckRule {
    static let codes: [DiagnosticCode] = [.unknownLine, .noLineReference]

    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.transcript) else { return [] }
        let lineIDs = context.module.transcript.map(\.id)
        let known = Set(lineIDs)
        var diagnostics: [Diagnostic] = []
        for (statement, origin) in zip(context.module.videoTask, context.map.videoTask) {
            let name = statement.id.isEmpty ? "a statement" : "statement '\(statement.id)'"
            if statement.lines.isEmpty, origin.fields["lines"]?.array != nil {
                diagnostics.append(.error(.noLineReference, "\(name) names no transcript line to replay",
                                          at: origin.location(of: "lines")))
            }
            let nodes = origin.fields["lines"]?.array ?? []
            for reference in statement.lines where !known.contains(reference) {
                let location = nodes.first { $0.string == reference }?.location ?? origin.location(of: "lines")
                diagnostics.append(.error(.unknownLine, "\(name) refers to line '\(reference)', which is not in the " +
                                          "transcript" + DidYouMean.hint(for: reference, among: lineIDs), at: location))
            }
        }
        return diagnostics
    }
}
