import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let definitionFormat: DiagnosticCode = "definition-format"
}

/// A definition reads "(part of speech) definition", the form the dictionary shows.
struct DefinitionFormatRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        context.module.definitions.enumerated().compactMap { index, definition in
            let place = ModulePath.definitions(index, .meaning)
            if !definition.partOfSpeech.isEmpty {
                guard definition.meaning.isEmpty else { return nil }
                return context.problem(.definitionFormat, "the definition of '\(definition.term)' has its part of " +
                                       "speech but no meaning: write it after '(\(definition.partOfSpeech))'", at: place)
            }
            return context.problem(.definitionFormat, "the definition of '\(definition.term)' must start with its " +
                                   "part of speech in parentheses, e.g. '(noun) a person who …'", at: place)
        }
    }
}
