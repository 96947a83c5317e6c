import LessonpackDiagnostics
import LessonpackModel

/// How terms are compared: as `TermLayout` compares them for the vocabulary activity.
enum TermMatching {
    static func key(_ term: String) -> String { TermLayout.key(term) }

    /// Where a highlighted term is written in a line's `terms` array.
    static func location(of term: String, in origin: EntryOrigin) -> SourceLocation {
        origin.fields["terms"]?.array?.first { $0.string == term }?.location ?? origin.location(of: "terms")
    }
}
