import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let termNotInLine: DiagnosticCode = "term-not-in-line"
    package static let overlappingTerms: DiagnosticCode = "overlapping-terms"
}

/// A highlighted term appears, as whole words, in its line's text, clear of the line's other terms; otherwise
/// the vocabulary activity has nothing to highlight, or highlights one term where the author meant two.
struct TermNotInLineRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, line) in context.module.transcript.enumerated() where !line.text.isEmpty && !line.terms.isEmpty {
            let layout = TermLayout.layout(of: line.text, terms: line.terms)
            let name = context.describeLine(index)
            func path(_ term: String) -> ModulePath { TermMatching.path(of: term, line: index, in: context.module) }
            var found: [Diagnostic] = []
            for term in layout.missing {
                found.append(context.problem(.termNotInLine, "'\(term)' does not appear in the text of \(name), so it " +
                                             "cannot be highlighted there", at: path(term)))
            }
            for term in layout.insideWords {
                found.append(context.problem(.termNotInLine, "'\(term)' appears in the text of \(name) only inside " +
                                             "longer words; terms match whole words", at: path(term)))
            }
            for (term, other) in layout.overlapping {
                found.append(context.problem(.overlappingTerms, "'\(term)' overlaps '\(other)' in \(name), and a " +
                                             "stretch of text can be highlighted as one term only; keep one of them",
                                             at: path(term)))
            }
            // In the order the line lists its terms.
            diagnostics += found.enumerated().sorted { lhs, rhs in
                (termIndex(lhs.element.path), lhs.offset) < (termIndex(rhs.element.path), rhs.offset)
            }.map(\.element)
        }
        return diagnostics
    }

    private func termIndex(_ path: ModulePath?) -> Int {
        if case .transcript(_, .term(let index)) = path { index } else { -1 }
    }
}
