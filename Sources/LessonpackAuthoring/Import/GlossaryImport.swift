import Foundation
import LessonpackDiagnostics
import LessonpackModel
import PropertyList

/// A glossary from a spreadsheet — term, part of speech, definition — or from Anki, into definitions.plist,
/// whose entries read `term → (part of speech) definition`. A first row that names the columns is skipped. A term
/// already defined is updated when its definition changed and left alone when not.
package enum GlossaryImport {
    package struct Entry: Sendable, Equatable {
        package var term: String
        package var definition: String
        package var location: SourceLocation
        /// How the file was read, when the person importing it should be told (a separator found among several
        /// that fit, an Anki export): the plan's report says it.
        package var reading: String?
    }

    /// Delimited text: comma, semicolon, tab or pipe, as `GlossaryLayout` finds; Anki's text export with its
    /// header.
    package static func read(_ bytes: [UInt8], file: String) -> ReadResult<Entry> {
        .reading(bytes, file: file) { read($0, file: file) }
    }

    private static func read(_ source: TextSource, file: String) -> ReadResult<Entry> {
        var result = ReadResult<Entry>()
        let layout = GlossaryLayout(source, file: file, diagnostics: &result.diagnostics)
        let text = source.lines.dropFirst(layout.headerLines).map(\.text).joined(separator: "\n")
        let rows: [DelimitedReader.Row]
        switch DelimitedReader.rows(text, separator: layout.separator, firstLine: layout.headerLines + 1,
                                    comment: layout.anki == nil ? nil : "#") {
        case .success(let read): rows = read
        case .failure(let problem):
            result.diagnostics.append(.error(.importSyntax, problem.message,
                                             at: source.location(problem.line, column: problem.column)))
            return result
        }
        let reading = layout.reading
        for (index, row) in rows.enumerated() {
            let location = source.location(row.line)
            let read: Result<Entry, ImportFailure>
            if let anki = layout.anki {
                read = ankiEntry(row.fields, anki, names: layout.columnNames, at: location,
                                 diagnostics: &result.diagnostics)
            } else {
                let fields = row.fields.map(oneLine)
                if index == 0, isHeader(fields) { continue }
                read = entry(fields, at: location)
            }
            switch read {
            case .success(var entry):
                entry.reading = reading
                result.items.append(entry)
            case .failure(let failure):
                result.diagnostics.append(failure.diagnostic)
            }
        }
        return result
    }

    private static func oneLine(_ field: String) -> String {
        CueText.collapseWhitespace(field.newlinesAsSpaces).trimmingAny(of: " ")
    }

    /// Term, part of speech, definition; or term and a definition that starts with its part of speech.
    private static func entry(_ fields: [String], at location: SourceLocation) -> Result<Entry, ImportFailure> {
        guard fields.count == 3 || fields.count == 2 else {
            return rejected("expected 3 columns (term, part of speech, definition), found \(fields.count)",
                            at: location)
        }
        return entry(term: fields[0], partOfSpeech: fields.count == 3 ? fields[1] : nil,
                     definition: fields[fields.count - 1], at: location,
                     twoColumns: "expected 3 columns (term, part of speech, definition); with 2, the definition " +
                     "must start with '(part of speech)'")
    }

    /// The entry of one note, from the columns Anki's header and `#columns:` point to.
    private static func ankiEntry(_ fields: [String], _ anki: AnkiTextHeader, names: [String]?,
                                  at location: SourceLocation,
                                  diagnostics: inout [Diagnostic]) -> Result<Entry, ImportFailure> {
        let roles = anki.roles(names: names, count: fields.count)
        func text(_ column: Int?, as role: String) -> String? {
            guard let column, column < fields.count else { return nil }
            let (plain, media, unknownReferences) = AnkiField.plain(fields[column], html: anki.isHTML)
            for what in media {
                diagnostics.append(.warning(.importUnsupported, "\(what) in the \(role) is left out: a glossary " +
                                            "holds text", at: location))
            }
            for name in unknownReferences {
                diagnostics.append(.warning(.importSyntax, HTMLText.unknownReferenceMessage(name, in: "the \(role)"),
                                            at: location))
            }
            return oneLine(plain)
        }
        let term = text(roles.term, as: "term") ?? ""
        guard let definition = text(roles.definition, as: "definition"), !definition.isEmpty else {
            return rejected(term.isEmpty ? "the note is empty" : "'\(term)' has no definition", at: location)
        }
        return entry(term: term, partOfSpeech: roles.partOfSpeech.map { text($0, as: "part of speech") ?? "" },
                     definition: definition, at: location,
                     twoColumns: "the definition of '\(term)' must start with its part of speech in parentheses, " +
                     "e.g. '(noun) a person who …': write it at the start of the field in Anki, or add a " +
                     "'#columns:' line naming a 'Part of speech' column")
    }

    /// The entry as definitions.plist holds it: `(part of speech) definition`, ending in punctuation. Without a
    /// part of speech, the definition must start with one, as `check` requires (DefinitionFormatRule).
    private static func entry(term: String, partOfSpeech: String?, definition: String, at location: SourceLocation,
                              twoColumns message: String) -> Result<Entry, ImportFailure> {
        guard !term.isEmpty else { return rejected("the term is empty", at: location) }
        var definition = definition
        if let partOfSpeech {
            // "(noun)" in its own column is "noun".
            let bare = partOfSpeech.hasPrefix("(") && partOfSpeech.hasSuffix(")")
                ? oneLine(String(partOfSpeech.dropFirst().dropLast())) : partOfSpeech
            guard !bare.isEmpty, !definition.isEmpty else {
                return rejected("'\(term)' needs a part of speech and a definition", at: location)
            }
            definition = "(\(bare)) \(definition)"
        } else if Definition.parse(definition).map({ $0.meaning.isEmpty }) ?? true {
            // A part of speech with nothing after it is no definition to import.
            return rejected(message, at: location)
        }
        if let last = definition.last, !last.isPunctuation { definition += "." }
        return .success(Entry(term: term, definition: definition, location: location))
    }

    private static func rejected(_ message: String, at location: SourceLocation) -> Result<Entry, ImportFailure> {
        .failure(ImportFailure(.error(.importSyntax, message, at: location)))
    }

    /// What a glossary's first column is called in the languages whose spreadsheets write `;`-separated files as
    /// well as in English, without accents: a first row so named is the column names, not a term.
    static let termColumnNames: Set<String> = [
        "term", "word", "phrase", "expression", "vocabulary", "front",
        "terme", "mot", "vocabulaire",                      // French
        "begriff", "wort", "ausdruck", "vokabel",           // German
        "termino", "palabra", "expresion", "vocabulario",   // Spanish
        "termine", "parola", "espressione", "vocabolo",     // Italian
        "termo", "palavra", "expressao",                    // Portuguese
        "woord", "uitdrukking",                             // Dutch
    ]

    private static func isHeader(_ fields: [String]) -> Bool {
        guard let first = fields.first?.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces) else { return false }
        return termColumnNames.contains(first)
            && fields.dropFirst().allSatisfy { !$0.isEmpty && $0.count < 25 && !$0.contains(".") }
    }

    package static func plan(_ entries: [Entry], from file: String, into folder: String) -> ImportPlan {
        var plan = ImportPlan()
        do {
            _ = try moduleDocument(in: folder)
            var document = try SourceDocument.load(.definitions, in: folder)
                ?? SourceDocument(path: ModuleLayout.join(folder, SourceFile.definitions.path), role: .definitions,
                                  value: .dictionary([]), comments: PlistComments())
            var (added, updated, unchanged) = (0, 0, 0)
            var seen: [String: SourceLocation] = [:]
            for entry in entries {
                let key = entry.term.lowercased()
                if let first = seen[key] {
                    plan.diagnostics.append(.warning(.importDuplicate, "'\(entry.term)' is in the file twice; the " +
                                                     "first is kept", at: entry.location,
                                                     notes: [.init("the first", at: first)]))
                    continue
                }
                seen[key] = entry.location
                let existing = (document.value.entries ?? []).first { $0.key.lowercased() == key }
                if let existing {
                    if existing.value.string == entry.definition { unchanged += 1; continue }
                    document.value[existing.key] = .string(entry.definition)
                    updated += 1
                } else {
                    document.value[entry.term] = .string(entry.definition)
                    added += 1
                }
            }
            plan.report.append("read \(entries.count) term\(entries.count == 1 ? "" : "s") from \(file)"
                               + (entries.first?.reading.map { ", " + $0 } ?? ""))
            plan.report.append("\(SourceFile.definitions.path): \(added) added, \(updated) updated, \(unchanged) unchanged")
            if added + updated > 0 { try plan.write(document) }
        } catch {
            plan.diagnostics.append(error.diagnostic)
        }
        return plan
    }
}
