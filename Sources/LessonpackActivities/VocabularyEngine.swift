import Foundation
import LessonpackModel

/// Activity 3, language and vocabulary: the transcript as text with the difficult terms marked, and each term's
/// definition as the learner opens it. Which term is selected is the front end's business; what the learner opened
/// is the record.
package struct VocabularyEngine: ActivityEngine {
    package typealias Setup = NoSetup

    package enum Action: Codable, Sendable, Equatable {
        /// Opens a highlighted term's definition.
        case open(term: String)
        /// Plays a line's own recording.
        case hear(line: String)
    }

    /// A stretch of a line's text: plain, or a highlighted term (with the definition's key).
    package struct Span: Sendable, Equatable {
        package var text: String
        package var term: String?
    }

    package struct Line: Sendable, Equatable {
        package var line: TranscriptLine
        package var spans: [Span]
    }

    /// Where a highlighted term is: its line and span.
    package struct TermPosition: Sendable, Equatable, Hashable {
        package var line: Int
        package var span: Int

        package init(line: Int, span: Int) {
            self.line = line
            self.span = span
        }
    }

    package static let kind = ActivityKind.vocabulary
    package static let isScored = false

    package static func parts(of setup: NoSetup, in module: Module) -> [String] {
        module.transcript.map { Part.line($0.id) } + module.definitions.map { Part.term($0.term) }
    }

    package let setup = NoSetup()
    package let lines: [Line]
    package let startedAt: Date
    /// Every highlighted term, in reading order.
    package let termPositions: [TermPosition]
    /// The terms opened, in order, for the result.
    package private(set) var lookedUp: [String] = []
    private let definitions: [String: Definition]

    package init(module: Module, setup: NoSetup, startedAt: Date) {
        self.startedAt = startedAt
        definitions = Dictionary(module.definitions.map { (TermText.key($0.term), $0) }, uniquingKeysWith: { first, _ in first })
        lines = module.transcript.map { Line(line: $0, spans: Self.spans(of: $0.text, terms: $0.terms)) }
        termPositions = lines.enumerated().flatMap { lineIndex, line in
            line.spans.enumerated().compactMap { $1.term == nil ? nil : TermPosition(line: lineIndex, span: $0) }
        }
    }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        switch action {
        case .open(let term):
            guard definition(of: term) != nil else { return [] }
            lookedUp.append(term)
            return []
        case .hear(let id):
            return lines.first { $0.line.id == id }.map { [.play(media: $0.line.audio)] } ?? []
        }
    }

    package var isFinished: Bool { false }

    package func definition(of term: String) -> Definition? { definitions[TermText.key(term)] }

    package func term(at position: TermPosition) -> String? {
        guard lines.indices.contains(position.line), lines[position.line].spans.indices.contains(position.span) else { return nil }
        return lines[position.line].spans[position.span].term
    }

    package func result(at now: Date) -> ActivityResult {
        let opened = Array(Set(lookedUp.map(TermText.key))).sorted()
        return ActivityResult(activity: .vocabulary, startedAt: startedAt, finishedAt: now,
                              items: opened.map { ItemOutcome(id: $0, prompt: $0, outcome: .done) },
                              details: .vocabulary(terms: termPositions.count, opened: opened.count))
    }

    /// Splits `text` into plain and highlighted stretches. Terms match regardless of case and apostrophe style;
    /// where two would overlap, the one starting first (then the longer) wins.
    static func spans(of text: String, terms: [String]) -> [Span] {
        let characters = Array(text)
        let normalized = characters.map(TermText.normalize)
        var matches: [(start: Int, end: Int, term: String)] = []
        for term in terms {
            let pattern = Array(term).map(TermText.normalize)
            guard !pattern.isEmpty, pattern.count <= normalized.count else { continue }
            for start in 0...(normalized.count - pattern.count)
            where Array(normalized[start..<(start + pattern.count)]) == pattern {
                matches.append((start, start + pattern.count, term))
                break
            }
        }
        matches.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
        var spans: [Span] = []
        var cursor = 0
        for match in matches where match.start >= cursor {
            if match.start > cursor { spans.append(Span(text: String(characters[cursor..<match.start]))) }
            spans.append(Span(text: String(characters[match.start..<match.end]), term: match.term))
            cursor = match.end
        }
        if cursor < characters.count || spans.isEmpty { spans.append(Span(text: String(characters[cursor...]))) }
        return spans
    }
}

/// How terms compare: without case, and with typographic apostrophes as typewriter ones.
enum TermText {
    static func normalize(_ character: Character) -> String {
        character == "\u{2019}" ? "'" : character.lowercased()
    }

    static func key(_ term: String) -> String { term.map(normalize).joined() }
}
