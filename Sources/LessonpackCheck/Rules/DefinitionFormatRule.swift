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
            let place = origin.valueLocation ?? origin.location
            if !definition.partOfSpeech.isEmpty {
                guard definition.meaning.isEmpty else { return nil }
                return .error(.definitionFormat, "the definition of '\(definition.term)' has its part of speech but no " +
                              "meaning: write it after '(\(definition.partOfSpeech))'", at: place)
            }
            return .error(.definitionFormat, "the definition of '\(definition.term)' must start with its part of " +
                          "speech in parentheses, e.g. '(noun) a person who …'",
                          at: place)
        }
    }
}
