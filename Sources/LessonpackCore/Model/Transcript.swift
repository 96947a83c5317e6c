/// One line of the conversation: who says what, when in the video, with the line's own audio clip and the terms
/// it highlights for the vocabulary activity.
package struct TranscriptLine: Hashable, Sendable, Storable {
    package var id: String
    package var speaker: String
    package var text: String
    /// Seconds from the start of the video.
    package var start: Double
    package var end: Double
    /// A path under `media/`.
    package var audio: String
    package var terms: [String]
    /// Why forced alignment doubted these times, until the teacher changes them; nil when nobody doubts them (and
    /// then absent from the compiled module, which stays as it was before alignment existed).
    package var uncertainTiming: String?

    package init(id: String, speaker: String, text: String, start: Double, end: Double, audio: String,
                terms: [String] = [], uncertainTiming: String? = nil) {
        self.id = id
        self.speaker = speaker
        self.text = text
        self.start = start
        self.end = end
        self.audio = audio
        self.terms = terms
        self.uncertainTiming = uncertainTiming
    }
}

/// A dictionary entry, from `definitions.plist`'s `term → "(part of speech) definition"`.
package struct Definition: Hashable, Sendable, Storable {
    package var term: String
    /// What the parentheses say, e.g. "expression" or "noun"; empty when the entry has none.
    package var partOfSpeech: String
    package var meaning: String

    package init(term: String, partOfSpeech: String, meaning: String) {
        self.term = term
        self.partOfSpeech = partOfSpeech
        self.meaning = meaning
    }

    /// Splits `(expression) a greeting …` into its part of speech and meaning; nil when the text does not start
    /// with a parenthesised part of speech.
    package static func parse(_ text: String) -> (partOfSpeech: String, meaning: String)? {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard trimmed.first == "(", let close = trimmed.firstIndex(of: ")") else { return nil }
        let partOfSpeech = Self.trimmed(trimmed[trimmed.index(after: trimmed.startIndex)..<close], newlines: false)
        let meaning = Self.trimmed(trimmed[trimmed.index(after: close)...], newlines: true)
        // "(noun)" with nothing after it keeps its part of speech: the meaning is what is missing, and a form that
        // fills the two in turn must not lose the first.
        guard !partOfSpeech.isEmpty else { return nil }
        return (partOfSpeech, meaning)
    }

    /// Foundation's `trimmingCharacters(in: .whitespaces)` (or `.whitespacesAndNewlines`), scalar for scalar, without
    /// loading its character sets: the player parses every definition as it opens a bundle.
    package static func trimmed(_ text: Substring, newlines: Bool) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            // Foundation's set still counts the zero-width space, a space separator in Unicode before 4.0.1.
            if scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator { return true }
            switch scalar {
            case "\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}": return newlines
            default: return false
            }
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

/// A 'language focus' box of the phrasebook.
package struct FocusBox: Hashable, Sendable, Storable {
    package var title: String
    package var body: String

    package init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}
