import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let undefinedTerm: DiagnosticCode = "undefined-term"
}

/// Every term a line highlights has a definition: selecting it in the vocabulary activity shows that definition.
struct UndefinedTermRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.definitions) else { return [] }
        let terms = context.module.definitions.map(\.term)
        let defined = Set(terms.map(TermMatching.key))
        var diagnostics: [Diagnostic] = []
        for (index, line) in context.module.transcript.enumerated() {
            for term in line.terms where !defined.contains(TermMatching.key(term)) {
                let hint = DidYouMean.hint(for: term, among: terms)
                diagnostics.append(context.problem(.undefinedTerm, "'\(term)' is highlighted in " +
                                                   "\(context.describeLine(index)) but not defined in definitions.plist" +
                                                   hint, at: TermMatching.path(of: term, line: index, in: context.module)))
            }
        }
        return diagnostics
    }
}
