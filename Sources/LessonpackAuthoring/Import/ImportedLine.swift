import LessonpackDiagnostics

/// One line of a conversation as a transcript file gave it: who (when the file says), what, and when (when the
/// file has times), with where it was written for messages.
package struct ImportedLine: Sendable, Equatable {
    package var speaker: String?
    package var text: String
    package var start: Double?
    package var end: Double?
    package var location: SourceLocation

    package init(speaker: String?, text: String, start: Double? = nil, end: Double? = nil, location: SourceLocation) {
        self.speaker = speaker
        self.text = text
        self.start = start
        self.end = end
        self.location = location
    }
}

/// What a reader made of a file: what it could read and what it has to say about the rest.
package struct ReadResult<Item: Sendable>: Sendable {
    package var items: [Item] = []
    package var diagnostics: [Diagnostic] = []

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Decodes the file's text and hands it to `read`; a file that is not text has that as its only problem.
    static func reading(_ bytes: [UInt8], file: String, _ read: (TextSource) -> ReadResult) -> ReadResult {
        do { return read(try TextSource(bytes: bytes, file: file)) } catch {
            return ReadResult(diagnostics: [error.diagnostic])
        }
    }
}
