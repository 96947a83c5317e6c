import Foundation
import LessonpackModel

/// Activity 3, language and vocabulary: the transcript as text with the difficult terms marked; the learner moves
/// from term to term and opens each one's definition.
public struct VocabularyEngine: Sendable {
    /// A stretch of a line's text: plain, or a highlighted term (with the definition's key).
    public struct Span: Sendable, Equatable {
        public var text: String
        public var term: String?
    }

    public struct Line: Sendable, Equatable {
        public var line: TranscriptLine
        public var spans: [Span]
    }

    /// Where a highlighted term is: its line and span.
    public struct TermPosition: Sendable, Equatable, Hashable {
        public var line: Int
        public var span: Int

        public init(line: Int, span: Int) {
            self.line = line
            self.span = span
        }
    }

    public let lines: [Line]
    public let startedAt: Date
    /// Every highlighted term, in reading order.
    public let termPositions: [TermPosition]
    public private(set) var selection: TermPosition?
    /// The terms opened, in order, for the result.
    public private(set) var lookedUp: [String] = []
    private let definitions: [String: Definition]

    public init(module: Module, at now: Date) {
        startedAt = now
        definitions = Dictionary(module.definitions.map { (TermText.key($0.term), $0) }, uniquingKeysWith: { first, _ in first })
        lines = module.transcript.map { Line(line: $0, spans: Self.spans(of: $0.text, terms: $0.terms)) }
        termPositions = lines.enumerated().flatMap { lineIndex, line in
            line.spans.enumerated().compactMap { $1.term == nil ? nil : TermPosition(line: lineIndex, span: $0) }
        }
    }

    public func definition(of term: String) -> Definition? { definitions[TermText.key(term)] }

    public var selectedTerm: String? { selection.flatMap { lines[$0.line].spans[$0.span].term } }

    public var selectedDefinition: Definition? { selectedTerm.flatMap(definition(of:)) }

    /// Moves to the next highlighted term (the first, when none is selected), wrapping at the end.
    public mutating func selectNext() { step(1) }
    public mutating func selectPrevious() { step(-1) }

    public mutating func select(_ position: TermPosition) {
        guard termPositions.contains(position) else { return }
        selection = position
    }

    /// Opens the selected term's definition, noting it for the result.
    @discardableResult
    public mutating func open() -> Definition? {
        guard let term = selectedTerm else { return nil }
        lookedUp.append(term)
        return definition(of: term)
    }

    private mutating func step(_ direction: Int) {
        guard !termPositions.isEmpty else { return }
        guard let selection, let index = termPositions.firstIndex(of: selection) else {
            self.selection = direction > 0 ? termPositions.first : termPositions.last
            return
        }
        self.selection = termPositions[(index + direction + termPositions.count) % termPositions.count]
    }

    public func result(at now: Date) -> ActivityResult {
        let opened = Array(Set(lookedUp.map(TermText.key))).sorted()
        return ActivityResult(activity: .vocabulary, startedAt: startedAt, finishedAt: now,
                              items: opened.map { ItemOutcome(id: $0, prompt: $0, outcome: .done) },
                              details: ["terms": "\(termPositions.count)", "opened": "\(opened.count)"])
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
