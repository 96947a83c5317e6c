/// Activity 3, language and vocabulary: the transcript as text with the difficult terms marked, and each term's
/// definition as the learner opens it. Which term is selected is the front end's business; what the learner opened
/// is the record.
package struct VocabularyEngine: ActivityEngine {
    package typealias Setup = NoSetup

    package enum Action: Storable, Sendable, Equatable {
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

    package static func parts(of setup: NoSetup, in module: Module) -> [ModulePart] {
        module.transcript.map { ModulePart.line($0.id) } + module.definitions.map { ModulePart.term($0.term) }
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
        definitions = Dictionary(firstOf: module.definitions.map { (TermLayout.key($0.term), $0) })
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

    package func definition(of term: String) -> Definition? { definitions[TermLayout.key(term)] }

    package func term(at position: TermPosition) -> String? {
        guard lines.indices.contains(position.line), lines[position.line].spans.indices.contains(position.span) else { return nil }
        return lines[position.line].spans[position.span].term
    }

    package func result(at now: Date) -> ActivityResult {
        let opened = Array(Set(lookedUp.map(TermLayout.key))).sorted()
        return ActivityResult(activity: .vocabulary, startedAt: startedAt, finishedAt: now,
                              items: opened.map { ItemOutcome(id: $0, prompt: $0, outcome: .done) },
                              details: .vocabulary(terms: termPositions.count, opened: opened.count))
    }

    /// Splits `text` into plain and highlighted stretches where `TermLayout` places the terms: whole words, one
    /// highlight per stretch of text (the checker reports the terms this leaves out).
    static func spans(of text: String, terms: [String]) -> [Span] {
        let characters = Array(text)
        var spans: [Span] = []
        var cursor = 0
        for placement in TermLayout.layout(of: text, terms: terms).placed {
            if placement.range.lowerBound > cursor {
                spans.append(Span(text: String(characters[cursor..<placement.range.lowerBound])))
            }
            spans.append(Span(text: String(characters[placement.range]), term: placement.term))
            cursor = placement.range.upperBound
        }
        if cursor < characters.count || spans.isEmpty { spans.append(Span(text: String(characters[cursor...]))) }
        return spans
    }
}

/// The name its rows are stored under (kept as it was when the action was first stored).
extension VocabularyEngine.Action: StoredAction {
    package var storedName: String {
        switch self {
        case .open: "open"
        case .hear: "hear"
        }
    }
}
