import Foundation
import LessonpackDiagnostics

/// The header Anki (2.1.55 and later) writes at the top of a text export, File > Export > "Notes in Plain Text":
/// lines such as `#separator:tab`, `#html:true`, `#tags column:3`. Every leading line that starts with `#` belongs
/// to it, and a `key:value` line Anki does not know is passed over, as Anki reads it. Rows further down that start
/// with an unquoted `#` are comments to Anki (its writer quotes every field holding a `#`), and so they are here.
struct AnkiTextHeader {
    /// From `#separator:`, when it names one.
    var separator: Character?
    /// `#html:true`: fields hold HTML (Anki's editor saves `<b>`, `<br>`, `&nbsp;`).
    var isHTML = false
    /// Columns holding what is not a note's field (1-based, as Anki counts), by what they hold: "tags", "deck", …
    var metaColumns: [Int: String] = [:]
    /// `#columns:`, not yet split: the separator may come on a later line.
    var columnNames: (value: String, line: Int)?
    /// How many lines the header takes.
    var lineCount = 0

    /// The keys Anki's importer reads (rslib/src/import_export/text/csv/metadata.rs).
    private static let keys: Set<String> = [
        "separator", "html", "tags", "columns", "notetype", "deck", "notetype column", "deck column", "tags column",
        "guid column", "if matches", "match scope",
    ]
    /// Anki's separator names (its `Delimiter`), besides the character itself.
    private static let separators: [String: Character] = [
        "comma": ",", "semicolon": ";", "tab": "\t", "space": " ", "pipe": "|", "colon": ":",
    ]

    /// The header at the top of `lines`, nil when there is none: the leading `#` lines must hold at least one
    /// key Anki knows, so a glossary whose first term starts with `#` is not taken for an Anki export.
    init?(_ lines: [TextSource.Line], file: String, diagnostics: inout [Diagnostic]) {
        var known = false
        var problems: [Diagnostic] = []
        for line in lines {
            guard line.text.hasPrefix("#") else { break }
            lineCount += 1
            guard let colon = line.text.firstIndex(of: ":") else { continue }
            let key = line.text[line.text.index(after: line.text.startIndex)..<colon]
                .trimmingCharacters(in: .whitespaces).lowercased()
            guard Self.keys.contains(key) else { continue }
            known = true
            let value = String(line.text[line.text.index(after: colon)...])
            let valueColumn = line.text.distance(from: line.text.startIndex, to: colon) + 2
            let location = SourceLocation(file: file, line: line.number, column: valueColumn)
            switch key {
            case "separator":
                if let named = Self.separators[value.trimmingCharacters(in: .whitespaces).lowercased()] {
                    separator = named
                } else if value.count == 1, let character = value.first {
                    separator = character
                } else {
                    problems.append(.warning(.importUnsupported, "'\(value)' is not a separator Anki names (tab, " +
                                             "comma, semicolon, space, pipe, colon, or the character itself): the " +
                                             "separator is found from the rows", at: location))
                }
            case "html":
                isHTML = value.trimmingCharacters(in: .whitespaces).lowercased() == "true"
            case "columns":
                columnNames = (value, line.number)
            case let key where key.hasSuffix(" column"):
                guard let column = Int(value.trimmingCharacters(in: .whitespaces)), column > 0 else {
                    problems.append(.warning(.importUnsupported, "'\(value)' is not a column number (1 is the " +
                                             "first): the line is passed over", at: location))
                    continue
                }
                metaColumns[column] = String(key.dropLast(" column".count))
            default:
                break  // The deck, notetype and tags for every note, how to match existing notes: not glossary matters.
            }
        }
        guard known else { return nil }
        diagnostics += problems
    }

    /// Where the term, its definition and (when a column is named for it) its part of speech are in a row of
    /// `count` fields, 0-based. `#columns:` names them (Front and Back, Term and Definition, …, in any case);
    /// otherwise, as in Anki, the note's fields are the columns left when the tags, deck, notetype and guid
    /// columns are set aside, and the first two are the term and the definition.
    func roles(names: [String]?, count: Int) -> (term: Int, definition: Int?, partOfSpeech: Int?) {
        let fieldColumns = (0..<max(count, names?.count ?? 0)).filter { metaColumns[$0 + 1] == nil }
        func named(_ candidates: Set<String>) -> Int? {
            fieldColumns.first { index in
                names.map { index < $0.count && candidates.contains($0[index].lowercased()) } ?? false
            }
        }
        let term = named(["front", "term", "word", "expression", "phrase", "vocabulary"])
        let definition = named(["back", "definition", "meaning", "answer"])
        let partOfSpeech = named(["part of speech", "pos", "word class"])
        var unnamed = fieldColumns.filter { $0 != term && $0 != definition && $0 != partOfSpeech }.makeIterator()
        let termColumn = term ?? unnamed.next() ?? 0
        return (termColumn, definition ?? unnamed.next(), partOfSpeech)
    }

    /// "the tags column passed over", "the guid, notetype and deck columns passed over", nil with none.
    var metaColumnsSummary: String? {
        let what = metaColumns.sorted { $0.key < $1.key }.map(\.value)
        guard let last = what.last else { return nil }
        let list = what.count == 1 ? last : what.dropLast().joined(separator: ", ") + " and " + last
        return "the \(list) column\(what.count == 1 ? "" : "s") passed over"
    }
}

/// A field of an Anki note as text. Anki keeps recordings as `[sound:file.mp3]` in the text, and with
/// `#html:true` a field is HTML (made plain by `HTMLText`, which also finds the images); neither media comes along.
enum AnkiField {
    /// The text, what was left out ("an image", "a recording ([sound:queue.mp3])") and the character references
    /// HTML does not name (`&check;`), for warnings.
    static func plain(_ field: String, html: Bool) -> (text: String, leftOut: [String], unknownReferences: [String]) {
        var text = ""
        var leftOut: [String] = []
        var rest = Substring(field)
        while let start = rest.range(of: "[sound:"), let end = rest[start.upperBound...].firstIndex(of: "]") {
            text += rest[..<start.lowerBound]
            leftOut.append("a recording (\(rest[start.lowerBound...end]))")
            rest = rest[rest.index(after: end)...]
        }
        text += rest
        guard html else { return (text, leftOut, []) }
        let converted = HTMLText.plain(text)
        return (converted.text, leftOut + converted.media.map(\.what), converted.unknownReferences)
    }
}
