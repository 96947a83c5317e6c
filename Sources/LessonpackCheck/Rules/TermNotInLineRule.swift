import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let termNotInLine: DiagnosticCode = "term-not-in-line"
    package static let overlappingTerms: DiagnosticCode = "overlapping-terms"
}

/// A highlighted term appears, as whole words, in its line's text, clear of the line's other terms; otherwise
/// the vocabulary activity has nothing to highlight, or highlights one term where the author meant two.
struct TermNotInLineRule: CheckRule {
    static let codes: [DiagnosticCode] = [.termNotInLine, .overlappingTerms]

    func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, line) in context.module.transcript.enumerated() where !line.text.isEmpty && !line.terms.isEmpty {
            let layout = TermLayout.layout(of: line.text, terms: line.terms)
            let origin = context.map.transcript[index]
            let name = context.describeLine(index)
            for term in layout.missing {
                diagnostics.append(.error(.termNotInLine, "'\(term)' does not appear in the text of \(name), so it " +
                                          "cannot be highlighted there", at: TermMatching.location(of: term, in: origin)))
            }
            for term in layout.insideWords {
                diagnostics.append(.error(.termNotInLine, "'\(term)' appears in the text of \(name) only inside " +
                                          "longer words; terms match whole words", at: TermMatching.location(of: term, in: origin)))
            }
            for (term, other) in layout.overlapping {
                diagnostics.append(.error(.overlappingTerms, "'\(term)' overlaps '\(other)' in \(name), and a " +
                                          "stretch of text can be highlighted as one term only; keep one of them",
                                          at: TermMatching.location(of: term, in: origin)))
            }
        }
        return diagnostics.sorted { ($0.location.line ?? 0, $0.location.column ?? 0) < ($1.location.line ?? 0, $1.location.column ?? 0) }
    }
}
