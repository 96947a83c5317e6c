import LessonpackAuthoring
import LessonpackDiagnostics

/// A lesson document the page sent: a file the teacher chose (its name only picks the format, by extension, and
/// names the document in messages) or a whole lesson pasted into one box, read as Markdown. It is never a path.
package struct StudioLessonDocument: Sendable {
    package var bytes: [UInt8]
    /// The file's name as the teacher knows it, or nil for pasted text.
    package var fileName: String?

    package static let sizeLimit = PandocLessonReader.documentLimit
    /// What the page calls pasted text in a message's place ("The pasted lesson, line 40").
    package static let pastedName = "The pasted lesson"

    package init(bytes: [UInt8], fileName: String?) {
        self.bytes = bytes
        self.fileName = fileName.map { name in
            // Without any folder the browser might have added.
            String((name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "lesson").prefix(200))
        }
    }

    /// The name diagnostics and reports give the document.
    package var shownName: String { fileName ?? Self.pastedName }

    /// Reads and interprets the document. A refusal before reading (too large, a kind of file that is no lesson
    /// document) is a StudioError; the document's own mistakes come back as diagnostics, at their line or paragraph.
    package func read(context: LessonInterpreter.Context = LessonInterpreter.Context()) throws(StudioError)
        -> (lesson: Lesson?, diagnostics: [Diagnostic]) {
        guard bytes.count <= Self.sizeLimit else {
            throw StudioError(.tooLarge, "a lesson document may be at most \(Self.sizeLimit >> 20) MB")
        }
        let format: LessonDocumentFormat
        if let fileName {
            guard let guessed = LessonDocumentFormat.guess(forFile: fileName) else {
                throw StudioError(.wrongType, "'\(fileName.prefix(80))' is not a lesson document: choose a Word " +
                                  "(.docx), OpenDocument (.odt), web page (.html), Markdown (.md) or text (.txt) file")
            }
            format = guessed
        } else {
            guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
                throw StudioError(.badRequest, "the box is empty: paste the whole lesson into it")
            }
            format = .markdown
        }
        return LessonImport.interpret(bytes, file: shownName, format: format, context: context)
    }

    /// The document's diagnostics as the page shows them: at the document's line, or paragraph and first words.
    package static func placed(_ diagnostics: [Diagnostic], folder: String) -> [PlacedDiagnostic] {
        diagnostics.sortedForDisplay().map { PlacedDiagnostic($0, folder: folder, module: nil) }
    }
}
