import Foundation
import LessonpackDiagnostics

/// Writes diagnostics for tools: one JSON document, versioned so its readers can rely on its shape.
///
///     {"version": 1, "modules": […], "diagnostics": [{"file", "line", "column", "severity", "code", "message",
///      "notes": [{"message", "file", "line", "column"}]}], "errors": N, "warnings": N}
enum DiagnosticJSONWriter {
    static let formatVersion = 1

    struct Document: Encodable {
        var version = DiagnosticJSONWriter.formatVersion
        var modules: [ModuleEntry]
        var diagnostics: [Entry]
        var errors: Int
        var warnings: Int
    }

    struct ModuleEntry: Encodable {
        var path: String
        var id: String?
        var version: String?
        var errors: Int
        var warnings: Int
        /// Set when the module could not be read at all.
        var failure: String?
    }

    struct Entry: Encodable {
        var file: String
        var line: Int?
        var column: Int?
        var severity: String
        var code: String
        var message: String
        var notes: [NoteEntry]

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            line = diagnostic.location.line
            column = diagnostic.location.column
            severity = diagnostic.severity.rawValue
            code = diagnostic.code.rawValue
            message = diagnostic.message
            notes = diagnostic.notes.map(NoteEntry.init)
        }
    }

    struct NoteEntry: Encodable {
        var message: String
        var file: String?
        var line: Int?
        var column: Int?

        init(_ note: Diagnostic.Note) {
            message = note.message
            file = note.location?.file
            line = note.location?.line
            column = note.location?.column
        }
    }

    static func render(_ document: Document) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
