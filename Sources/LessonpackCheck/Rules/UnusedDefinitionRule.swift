import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unusedDefinition: DiagnosticCode = "unused-definition"
}

/// A definition no line highlights is only reachable through the dictionary: often a term whose highlight was
/// forgotten or misspelt.
struct UnusedDefinitionRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.transcript) else { return [] }
        let highlighted = Set(context.module.transcript.flatMap(\.terms).map(TermMatching.key))
        return context.module.definitions.enumerated().compactMap { index, definition in
            guard !highlighted.contains(TermMatching.key(definition.term)) else { return nil }
            return context.problem(.unusedDefinition, "'\(definition.term)' is defined but no transcript line " +
                                   "highlights it", at: .definitions(index, .term))
        }
    }
}
