import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let definitionFormat: DiagnosticCode = "definition-format"
}

/// A definition reads "(part of speech) definition", the form the dictionary shows.
struct DefinitionFormatRule: CheckRule {
    static let codes: [DiagnosticCode] = [.definitionFormat]

    func check(_ context: CheckContext) -> [Diagnostic] {
        zip(context.module.definitions, context.map.definitions).compactMap { definition, origin in
            guard definition.partOfSpeech.isEmpty else { return nil }
            return .error(.definitionFormat, "the definition of '\(definition.term)' must start with its part of " +
                          "speech in parentheses, e.g. '(noun) a person who …'",
                          at: origin.valueLocation ?? origin.location)
        }
    }
}
