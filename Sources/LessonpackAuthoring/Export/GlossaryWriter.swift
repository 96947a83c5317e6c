import LessonpackModel
import LessonpackSystem

/// The module's definitions for other tools: CSV for a spreadsheet (term, part of speech, definition, under a
/// header row), or Anki's text format for flashcards, which Anki imports as Basic notes (File > Import) with the
/// term on the front and "(part of speech) definition" on the back. `import glossary` reads either back.
package enum GlossaryWriter {
    package enum Format: String, CaseIterable, Sendable {
        case csv, anki
    }

    package static func text(_ module: Module, as format: Format) -> String {
        switch format {
        case .csv:
            return (["term,part of speech,definition"] + module.definitions.map { definition in
                [definition.term, definition.partOfSpeech, definition.meaning].map(CSVField.escaped).joined(separator: ",")
            }).joined(separator: "\n") + "\n"
        case .anki:
            // Anki's header (2.1.55 and later): tab-separated plain text, one Basic note per row, in a deck named
            // after the module; the columns named so that Anki, and `import glossary`, put each field in its place.
            var lines = ["#separator:tab", "#html:false", "#notetype:Basic", "#deck:\(oneLine(module.title))",
                         "#columns:Front\tBack"]
            for definition in module.definitions {
                let back = definition.partOfSpeech.isEmpty ? definition.meaning
                    : "(\(definition.partOfSpeech)) \(definition.meaning)"
                lines.append(ankiField(definition.term) + "\t" + ankiField(back))
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// A field as Anki's reader takes it: quoted (quotes doubled) when it holds the separator, a quote or a line
    /// break, or starts with '#', which would make the row a comment.
    private static func ankiField(_ text: String) -> String {
        guard text.hasPrefix("#") || text.contains(where: { "\t\"\n\r".contains($0) }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// A header value ends at the line's end: line breaks and tabs become spaces.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
