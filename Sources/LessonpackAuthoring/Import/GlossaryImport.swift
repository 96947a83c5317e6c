import LessonpackDiagnostics
import LessonpackModel
import PropertyList

/// A glossary from a spreadsheet — term, part of speech, definition — into definitions.plist, whose entries read
/// `term → (part of speech) definition`. A first row that names the columns is skipped. A term already defined
/// is updated when its definition changed and left alone when not.
package enum GlossaryImport {
    package struct Entry: Sendable, Equatable {
        package var term: String
        package var definition: String
        package var location: SourceLocation
    }

    /// CSV, or TSV for a .tsv or .tab file (or a first line with a tab and no comma).
    package static func read(_ bytes: [UInt8], file: String) -> ReadResult<Entry> {
        .reading(bytes, file: file) { read($0, file: file) }
    }

    private static func read(_ source: TextSource, file: String) -> ReadResult<Entry> {
        var result = ReadResult<Entry>()
        let text = source.lines.map(\.text).joined(separator: "\n")
        let firstLine = source.lines.first?.text ?? ""
        let lowered = file.lowercased()
        let separator: Character = lowered.hasSuffix(".tsv") || lowered.hasSuffix(".tab")
            || (firstLine.contains("\t") && !firstLine.contains(",")) ? "\t" : ","
        let rows: [DelimitedReader.Row]
        switch DelimitedReader.rows(text, separator: separator) {
        case .success(let read): rows = read
        case .failure(let problem):
            return ReadResult(diagnostics: [.error(.importSyntax, problem.message,
                                                   at: source.location(problem.line, column: problem.column))])
        }
        for (index, row) in rows.enumerated() {
            let fields = row.fields.map { CueText.collapseWhitespace($0.newlinesAsSpaces).trimmingAny(of: " ") }
            if index == 0, isHeader(fields) { continue }
            let location = source.location(row.line)
            guard fields.count == 3 || fields.count == 2 else {
                result.diagnostics.append(.error(.importSyntax, "expected 3 columns (term, part of speech, definition), " +
                                                 "found \(fields.count)", at: location))
                continue
            }
            let term = fields[0]
            guard !term.isEmpty else {
                result.diagnostics.append(.error(.importSyntax, "the term is empty", at: location))
                continue
            }
            var definition: String
            if fields.count == 3 {
                guard !fields[1].isEmpty, !fields[2].isEmpty else {
                    result.diagnostics.append(.error(.importSyntax, "'\(term)' needs a part of speech and a definition",
                                                     at: location))
                    continue
                }
                definition = "(\(fields[1])) \(fields[2])"
            } else {
                // Two columns: the definition must already say its part of speech, as definitions.plist does.
                definition = fields[1]
                guard definition.hasPrefix("("), definition.contains(")") else {
                    result.diagnostics.append(.error(.importSyntax, "expected 3 columns (term, part of speech, " +
                                                     "definition); with 2, the definition must start with " +
                                                     "'(part of speech)'", at: location))
                    continue
                }
            }
            if let last = definition.last, !last.isPunctuation { definition += "." }
            result.items.append(Entry(term: term, definition: definition, location: location))
        }
        return result
    }

    private static func isHeader(_ fields: [String]) -> Bool {
        guard let first = fields.first?.lowercased() else { return false }
        return ["term", "word", "phrase", "expression"].contains(first)
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
            plan.report.append("read \(entries.count) term\(entries.count == 1 ? "" : "s") from \(file)")
            plan.report.append("\(SourceFile.definitions.path): \(added) added, \(updated) updated, \(unchanged) unchanged")
            if added + updated > 0 { try plan.write(document) }
        } catch {
            plan.diagnostics.append(error.diagnostic)
        }
        return plan
    }
}
