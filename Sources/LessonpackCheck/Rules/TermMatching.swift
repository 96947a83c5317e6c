import Foundation
import LessonpackDiagnostics
import LessonpackModel

/// How terms are compared: ignoring case and the difference between typewriter and typographic apostrophes,
/// which authors mix without noticing.
enum TermMatching {
    static func key(_ term: String) -> String {
        term.lowercased().replacingOccurrences(of: "\u{2019}", with: "'").trimmingCharacters(in: .whitespaces)
    }

    static func text(_ text: String, contains term: String) -> Bool {
        key(text).range(of: key(term)) != nil
    }

    /// Where a highlighted term is written in a line's `terms` array.
    static func location(of term: String, in origin: EntryOrigin) -> SourceLocation {
        origin.fields["terms"]?.array?.first { $0.string == term }?.location ?? origin.location(of: "terms")
    }
}
