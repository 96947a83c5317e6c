import LessonpackDiagnostics

/// How a glossary file is written: the separator and what says so, the lines before the rows, and Anki's header
/// when the file has one. In order, the separator is the one the file declares (Excel's `sep=;` first line,
/// Anki's `#separator:`), a tab for a .tsv or .tab file, or the one its first rows are found to use
/// (`SeparatorDetection`); a comma when nothing splits them.
struct GlossaryLayout {
    enum Origin: Equatable {
        case sepLine, ankiHeader, fileName
        case found(alsoFitting: [Character])
        case assumed
    }

    var separator: Character
    var origin: Origin
    /// Lines before the first row: the `sep=` line or Anki's header.
    var headerLines = 0
    var anki: AnkiTextHeader?
    /// Anki's `#columns:`, split with the separator.
    var columnNames: [String]?

    init(_ source: TextSource, file: String, diagnostics: inout [Diagnostic]) {
        if let first = source.lines.first, let declared = Self.sepLine(first.text) {
            (separator, origin, headerLines) = (declared, .sepLine, 1)
            return
        }
        anki = AnkiTextHeader(source.lines, file: file, diagnostics: &diagnostics)
        headerLines = anki?.lineCount ?? 0
        let lowered = file.lowercased()
        if let declared = anki?.separator {
            (separator, origin) = (declared, .ankiHeader)
        } else if lowered.hasSuffix(".tsv") || lowered.hasSuffix(".tab") {
            (separator, origin) = ("\t", .fileName)
        } else if let found = SeparatorDetection.detect(
            source.lines.dropFirst(headerLines).map(\.text).joined(separator: "\n"), firstLine: headerLines + 1,
            comment: anki == nil ? nil : "#") {
            (separator, origin) = (found.separator, .found(alsoFitting: found.alsoFitting))
        } else {
            (separator, origin) = (",", .assumed)
        }
        if let names = anki?.columnNames {
            columnNames = DelimitedReader.scan(names.value, separator: separator, firstLine: names.line).rows.first?
                .fields.map { CueText.collapseWhitespace($0).trimmingAny(of: " ") }
        }
    }

    /// The separator of Excel's first line `sep=;` (also as a spreadsheet saves it back: `sep=;;;` or `"sep=;"`).
    private static func sepLine(_ line: String) -> Character? {
        var text = Substring(line)
        if text.count > 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        guard text.lowercased().hasPrefix("sep=") else { return nil }
        let rest = text.dropFirst(4)
        guard let separator = rest.first, rest.allSatisfy({ $0 == separator }) else { return nil }
        return separator
    }

    /// How the file was read, for the import's report; nil when its name or a plain comma file says it all.
    var reading: String? {
        let separated = "separated by \(SeparatorDetection.name(separator))"
        if anki != nil {
            let parts = [separated, anki?.isHTML == true ? "HTML made plain text" : nil, anki?.metaColumnsSummary]
            return "an Anki export: " + parts.compactMap { $0 }.joined(separator: ", ")
        }
        switch origin {
        case .sepLine:
            return "\(separated), as its first line (sep=\(separator)) says"
        case .found(let others) where !others.isEmpty:
            let names = others.map(SeparatorDetection.name).joined(separator: " or ")
            let example = others[0] == "\t" ? "'sep=' and a tab" : "'sep=\(others[0])'"
            return "\(separated) (\(names) would fit too: a first line \(example) says which)"
        case .found:
            return separator == "," ? nil : separated
        case .ankiHeader, .fileName, .assumed:
            return nil
        }
    }
}
