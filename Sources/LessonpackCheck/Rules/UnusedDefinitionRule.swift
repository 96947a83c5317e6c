import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unusedDefinition: DiagnosticCode = "unused-definition"
}

/// A definition no line highlights is only reachable through the dictionary: often a term whose highlight was
/// forgotten or misspelt.
struct UnusedDefinitionRule: CheckRule {
    static let codes: [DiagnosticCode] = [.unusedDefinition]

    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.transcript) else { return [] }
        let highlighted = Set(context.module.transcript.flatMap(\.terms).map(TermMatching.key))
        return zip(context.module.definitions, context.map.definitions).compactMap { definition, origin in
            guard !highlighted.contains(TermMatching.key(definition.term)) else { return nil }
            return .warning(.unusedDefinition, "'\(definition.term)' is defined but no transcript line highlights it",
                            at: origin.location)
        }
    }
}
