import Foundation

/// One line of the conversation: who says what, when in the video, with the line's own audio clip and the terms
/// it highlights for the vocabulary activity.
public struct TranscriptLine: Hashable, Sendable, Codable {
    public var id: String
    public var speaker: String
    public var text: String
    /// Seconds from the start of the video.
    public var start: Double
    public var end: Double
    /// A path under `media/`.
    public var audio: String
    public var terms: [String]

    public init(id: String, speaker: String, text: String, start: Double, end: Double, audio: String,
                terms: [String] = []) {
        self.id = id
        self.speaker = speaker
        self.text = text
        self.start = start
        self.end = end
        self.audio = audio
        self.terms = terms
    }
}

/// A dictionary entry, from `definitions.plist`'s `term → "(part of speech) definition"`.
public struct Definition: Hashable, Sendable, Codable {
    public var term: String
    /// What the parentheses say, e.g. "expression" or "noun"; empty when the entry has none.
    public var partOfSpeech: String
    public var meaning: String

    public init(term: String, partOfSpeech: String, meaning: String) {
        self.term = term
        self.partOfSpeech = partOfSpeech
        self.meaning = meaning
    }

    /// Splits `(expression) a greeting …` into its part of speech and meaning; nil when the text does not start
    /// with a parenthesised part of speech.
    public static func parse(_ text: String) -> (partOfSpeech: String, meaning: String)? {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard trimmed.first == "(", let close = trimmed.firstIndex(of: ")") else { return nil }
        let partOfSpeech = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            .trimmingCharacters(in: .whitespaces)
        let meaning = trimmed[trimmed.index(after: close)...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !partOfSpeech.isEmpty, !meaning.isEmpty else { return nil }
        return (partOfSpeech, meaning)
    }
}

/// A 'language focus' box of the phrasebook.
public struct FocusBox: Hashable, Sendable, Codable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}
