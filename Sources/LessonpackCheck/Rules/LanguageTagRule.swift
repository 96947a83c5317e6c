import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let invalidLanguageTag: DiagnosticCode = "invalid-language-tag"
}

/// The language a module teaches is a BCP 47 tag ("en", "en-GB"): statements sent to a learning record store carry
/// it as their language maps' key, and the web player as the page's `lang`, where a malformed tag is refused or
/// ignored.
struct LanguageTagRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard let tag = context.module.language, !LanguageTag.isWellFormed(tag) else { return [] }
        let hint = tag.contains("_") ? "; BCP 47 separates with '-', e.g. '\(tag.replacingUnderscores())'"
            : "; write a BCP 47 tag such as 'en', 'en-GB' or 'en-US'"
        return [context.problem(.invalidLanguageTag, "'\(tag)' is not a language tag\(hint)", at: .module(.language))]
    }
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
