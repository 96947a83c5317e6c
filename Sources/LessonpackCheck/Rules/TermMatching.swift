import LessonpackDiagnostics
import LessonpackModel

/// How terms are compared: ignoring case and the difference between typewriter and typographic apostrophes,
/// which authors mix without noticing.
enum TermMatching {
    static func key(_ term: String) -> String {
        var key = term.lowercased()
        if key.unicodeScalars.contains("\u{2019}") {
            key = String(String.UnicodeScalarView(key.unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 }))
        }
        let isBlank = { (character: Character) in character.isWhitespace && !character.isNewline }
        guard let first = key.firstIndex(where: { !isBlank($0) }), let last = key.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(key[first...last])
    }

    static func text(_ text: String, contains term: String) -> Bool {
        key(text).contains(key(term))
    }

    /// Where a highlighted term is written in a line's `terms` array.
    static func location(of term: String, in origin: EntryOrigin) -> SourceLocation {
        origin.fields["terms"]?.array?.first { $0.string == term }?.location ?? origin.location(of: "terms")
    }
}
