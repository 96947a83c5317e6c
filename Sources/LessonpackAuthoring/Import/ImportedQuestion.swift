import LessonpackDiagnostics

/// A question as a quiz file gave it, in the forms a module can hold: a statement that is true or false, or a
/// multiple-choice question with one right answer.
public struct ImportedQuestion: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case trueFalse(Bool)
        case multipleChoice(choices: [String], answer: String)
    }

    public var text: String
    public var kind: Kind
    /// Why the right answer is right: the file's general feedback, or the right answer's own.
    public var explanation: String?
    public var location: SourceLocation

    public init(text: String, kind: Kind, explanation: String? = nil, location: SourceLocation) {
        self.text = text
        self.kind = kind
        self.explanation = explanation
        self.location = location
    }
}

public enum QuestionFormat: String, CaseIterable, Sendable {
    /// Moodle's GIFT: `Question text {=right ~wrong ~wrong}`, `Statement.{T}`.
    case gift
    /// Aiken: a question line, options `A. …`, then `ANSWER: B`.
    case aiken

    /// Aiken files are recognisable by their ANSWER: lines; anything else is read as GIFT.
    public static func guess(_ bytes: [UInt8]) -> QuestionFormat {
        let text = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("ANSWER:") } ? .aiken : .gift
    }

    public func read(_ bytes: [UInt8], file: String) -> ReadResult<ImportedQuestion> {
        .reading(bytes, file: file) { source in
            switch self {
            case .gift: GIFTReader.read(source)
            case .aiken: AikenReader.read(source)
            }
        }
    }
}
