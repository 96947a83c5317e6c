import Foundation
import LessonpackDiagnostics

/// What every command prints under `--format json`: one document, in one frame, so a script reads any command
/// the same way. docs/json-output.md describes it.
///
///     {"version": 1, "command": "build", "ok": true, "errors": 0, "warnings": 0,
///      "diagnostics": [{"file", "line", "column", "severity", "code", "message", "notes"}],
///      …the command's own keys}
///
/// `version` rises only when a key changes meaning or goes away; new keys may appear at any time.
struct JSONReport<Body: Encodable>: Encodable {
    static var formatVersion: Int { 1 }

    var command: String
    var ok: Bool
    var diagnostics: [Diagnostic]
    var body: Body

    init(command: String, ok: Bool? = nil, diagnostics: [Diagnostic] = [], body: Body) {
        self.command = command
        self.ok = ok ?? !diagnostics.hasErrors
        self.diagnostics = diagnostics
        self.body = body
    }

    private enum Keys: String, CodingKey { case version, command, ok, errors, warnings, diagnostics }

    func encode(to encoder: any Encoder) throws {
        // The body's keys and the frame's share one object.
        try body.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(command, forKey: .command)
        try container.encode(ok, forKey: .ok)
        try container.encode(diagnostics.filter { $0.severity == .error }.count, forKey: .errors)
        try container.encode(diagnostics.filter { $0.severity == .warning }.count, forKey: .warnings)
        try container.encode(diagnostics.map(DiagnosticJSONWriter.Entry.init), forKey: .diagnostics)
    }

    /// Pretty-printed with sorted keys, so output compares byte for byte between runs.
    func rendered() -> String { JSONText.render(self) }
}

enum JSONText {
    static func render(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A time reads as ISO 8601 (`2026-09-01T10:00:00Z`), as xAPI's do, not as seconds since 2001.
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
