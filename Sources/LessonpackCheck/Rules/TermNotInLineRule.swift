import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let termNotInLine: DiagnosticCode = "term-not-in-line"
}

/// A highlighted term appears in its line's text; otherwise there is nothing to highlight.
struct TermNotInLineRule: CheckRule {
    static let codes: [DiagnosticCode] = [.termNotInLine]

    func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, line) in context.module.transcript.enumerated() where !line.text.isEmpty {
            for term in line.terms where !TermMatching.text(line.text, contains: term) {
                diagnostics.append(.error(.termNotInLine, "'\(term)' does not appear in the text of " +
                                          "\(context.describeLine(index)), so it cannot be highlighted there",
                                          at: TermMatching.location(of: term, in: context.map.transcript[index])))
            }
        }
        return diagnostics
    }
}
