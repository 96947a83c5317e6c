import Foundation
import LessonpackDiagnostics
import LessonpackStudio

/// Diagnostics for tools, in the frame every `--format json` shares (`JSONReport`); `check` adds its modules:
///
///     {"version": 1, "command": "check", "ok", "modules": […], "diagnostics": [{"file", "line", "column", "path",
///      "severity", "code", "message", "notes": [{"message", "file", "line", "column"}]}], "errors": N, "warnings": N}
enum DiagnosticJSONWriter {
    /// `check`'s own keys.
    struct CheckBody: Encodable {
        var modules: [ModuleEntry]
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
        /// The part of the module the problem is about, spelt as the studio's form fields are
        /// (`transcript.3.speaker`, counting from 0): the place a tool can rely on where `line` is absent (a
        /// bundle's module.json) or moves as the file is edited. Absent when the problem is about no part, or
        /// about a file or list as a whole.
        var path: String?
        var severity: String
        var code: String
        var message: String
        var notes: [NoteEntry]

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            line = diagnostic.location.line
            column = diagnostic.location.column
            path = diagnostic.path?.formField
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

}
