/// Activity 3: the transcript with its terms marked, and a term's definition when the learner asks.
package enum VocabularyPresenter: ActivityPresenter {
    package typealias Engine = VocabularyEngine

    package struct View: Sendable, Equatable, Storable {
        package struct Span: Sendable, Equatable, Storable {
            package var text: String
            /// The term's number (from 0, in reading order), for a highlighted term.
            package var term: Int?
            package var selected: Bool
        }

        package struct Line: Sendable, Equatable, Storable {
            package var number: Int
            package var speaker: String
            package var colour: String?
            package var spans: [Span]
        }

        package struct Shown: Sendable, Equatable, Storable {
            package var term: String
            package var partOfSpeech: String
            package var meaning: String
            /// "have a seat (expression): a polite way of asking someone to sit down."
            package var sentence: String
        }

        package var lines: [Line]
        package var terms: [String]
        /// The selected term's line, for scrolling to it.
        package var focusLine: Int
        package var definition: Shown?
        /// What to do next when no definition is shown.
        package var hint: String
    }

    package enum Event: Sendable, Equatable, Storable {
        case next, previous
        /// Term number `index` (from 0).
        case select(Int)
        case openSelected
        /// A term by its number (from 0) or its text.
        case define(String)
        case hearLine(Int)
        case hearSelectedLine
    }

    package struct Local: Sendable, Equatable {
        package var selection: Int?
        package var shown: String?
    }

    package static func local(for engine: VocabularyEngine, context: PresentationContext) -> Local { Local() }

    package static func view(of engine: VocabularyEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let numbers = Dictionary(uniqueKeysWithValues: engine.termPositions.enumerated().map { ($1, $0) })
        let lines = engine.lines.enumerated().map { lineIndex, line in
            let speaker = context.speaker(line.line.speaker)
            return View.Line(number: lineIndex + 1, speaker: speaker?.name ?? line.line.speaker, colour: speaker?.colour,
                             spans: line.spans.enumerated().map { spanIndex, span in
                                 let number = numbers[VocabularyEngine.TermPosition(line: lineIndex, span: spanIndex)]
                                 return View.Span(text: span.text, term: span.term == nil ? nil : number,
                                                  selected: number != nil && number == local.selection)
                             })
        }
        let selectedTerm = local.selection.flatMap { engine.termPositions.indices.contains($0) ? engine.termPositions[$0] : nil }
            .flatMap(engine.term(at:))
        let shown = local.shown.flatMap(engine.definition(of:)).map { definition in
            View.Shown(term: definition.term, partOfSpeech: definition.partOfSpeech, meaning: definition.meaning,
                       sentence: "\(definition.term) (\(definition.partOfSpeech)): \(definition.meaning)")
        }
        let strings = context.strings
        let hint = selectedTerm.map { strings.text("vocabulary.hint.selected", ["term": $0]) }
            ?? strings.text("vocabulary.hint.none")
        return View(lines: lines, terms: engine.termPositions.compactMap(engine.term(at:)),
                    focusLine: local.selection.map { engine.termPositions[$0].line } ?? 0,
                    definition: shown, hint: hint)
    }

    package static func reduce(_ event: Event, engine: VocabularyEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<VocabularyEngine> {
        let count = engine.termPositions.count
        let strings = context.strings
        switch event {
        case .next, .previous:
            guard count > 0 else { return .say(strings.text("vocabulary.no-terms")) }
            let step = event == .next ? 1 : -1
            local.selection = local.selection.map { CursorStep.wrapped($0, by: step, count: count) } ?? (step > 0 ? 0 : count - 1)
            return Reaction()
        case .select(let index):
            guard engine.termPositions.indices.contains(index) else { return noSuchTerm(position(index), strings) }
            local.selection = index
            return Reaction()
        case .openSelected:
            guard let index = local.selection else { return .say(strings.text("vocabulary.choose-first")) }
            return open(index, engine: engine, local: &local, strings)
        case .define(let wanted):
            let index = Int(wanted).flatMap { $0 > 0 && engine.termPositions.indices.contains($0 - 1) ? $0 - 1 : nil }
                ?? engine.termPositions.firstIndex { engine.term(at: $0)?.lowercased() == wanted.lowercased() }
            guard let index else { return noSuchTerm(wanted, strings) }
            return open(index, engine: engine, local: &local, strings)
        case .hearLine(let index):
            guard engine.lines.indices.contains(index) else {
                return .say(strings.text("no-such-line", ["line": position(index), "count": "\(engine.lines.count)"]), .bad)
            }
            return Reaction(actions: [.hear(line: engine.lines[index].line.id)], message: Message(strings.text("playing-line", ["line": "\(index + 1)"])))
        case .hearSelectedLine:
            let line = local.selection.map { engine.termPositions[$0].line } ?? 0
            guard engine.lines.indices.contains(line) else { return Reaction() }
            return Reaction(actions: [.hear(line: engine.lines[line].line.id)])
        }
    }

    static func open(_ index: Int, engine: VocabularyEngine, local: inout Local, _ strings: Strings) -> Reaction<VocabularyEngine> {
        local.selection = index
        guard let term = engine.term(at: engine.termPositions[index]), engine.definition(of: term) != nil else {
            return .say(strings.text("vocabulary.no-definition"), .bad)
        }
        local.shown = term
        // The view shows the definition: a message saying it again would print it twice.
        return Reaction(actions: [.open(term: term)])
    }

    static func noSuchTerm(_ wanted: String, _ strings: Strings) -> Reaction<VocabularyEngine> {
        .say(strings.text("vocabulary.no-such-term", ["term": wanted]), .bad)
    }
}
