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

    /// Aiken files are recognisable by their ANSWER: lines; anything else is read as GIFT.
    package static func guess(_ bytes: [UInt8]) -> QuestionFormat {
        let text = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("ANSWER:") } ? .aiken : .gift
    }

    package func read(_ bytes: [UInt8], file: String) -> ReadResult<ImportedQuestion> {
        .reading(bytes, file: file) { source in
            switch self {
            case .gift: GIFTReader.read(source)
            case .aiken: AikenReader.read(source)
            }
        }
    }
}
