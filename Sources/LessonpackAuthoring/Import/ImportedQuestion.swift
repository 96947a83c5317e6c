import LessonpackDiagnostics

/// A question as a quiz file gave it, in the forms a module can hold: a statement that is true or false, or a
/// multiple-choice question with one right answer.
package struct ImportedQuestion: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case trueFalse(Bool)
        case multipleChoice(choices: [String], answer: String)
    }

    package var text: String
    package var kind: Kind
    /// Why the right answer is right: the file's general feedback, or the right answer's own.
    package var explanation: String?
    package var location: SourceLocation

    package init(text: String, kind: Kind, explanation: String? = nil, location: SourceLocation) {
        self.text = text
        self.kind = kind
        self.explanation = explanation
        self.location = location
    }
}

package enum QuestionFormat: String, CaseIterable, Sendable {
    /// Moodle's GIFT: `Question text {=right ~wrong ~wrong}`, `Statement.{T}`.
    case gift
    /// Aiken: a question line, options `A. …`, then `ANSWER: B`.
    case aiken
    /// Moodle XML, what Moodle's question bank exports: `<quiz><question type="multichoice">…`.
    case moodleXML = "xml"

    /// XML files are recognisable by their name or their first characters (`<?xml`, `<quiz`, a comment), Aiken
    /// files by their ANSWER: lines; anything else is read as GIFT.
    package static func guess(_ bytes: [UInt8], file: String? = nil) -> QuestionFormat {
        if file?.lowercased().hasSuffix(".xml") == true || startsLikeXML(bytes) { return .moodleXML }
        let text = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("ANSWER:") } ? .aiken : .gift
    }

    private static func startsLikeXML(_ bytes: [UInt8]) -> Bool {
        var head = bytes.prefix(4 << 10)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        // UTF-16 with a byte order mark: without its zero bytes, ASCII reads as ASCII.
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            head = ArraySlice(head.dropFirst(2).filter { $0 != 0 })
        }
        let text = String(decoding: head.drop(while: { [0x20, 0x09, 0x0A, 0x0D].contains($0) }), as: UTF8.self)
        return ["<?xml", "<quiz", "<!--"].contains { text.hasPrefix($0) }
    }

    package func read(_ bytes: [UInt8], file: String) -> ReadResult<ImportedQuestion> {
        switch self {
        case .gift: .reading(bytes, file: file, GIFTReader.read)
        case .aiken: .reading(bytes, file: file, AikenReader.read)
        // XML names its own encoding, so it is handed over as bytes.
        case .moodleXML: MoodleXMLReader.read(bytes, file: file)
        }
    }
}
