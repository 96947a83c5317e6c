/// Activity 7: every definition, alphabetically; a search by the start of a word or by approximate spelling; and
/// the language-focus boxes.
package enum DictionaryPresenter: ActivityPresenter {
    package typealias Engine = DictionaryEngine

    package enum Page: String, Sendable, Equatable, Storable, CaseIterable {
        /// Entries with a word starting with what is typed.
        case wordStart
        /// Entries spelt like what is typed.
        case spelling
        /// The language-focus boxes.
        case boxes

        func label(_ strings: Strings) -> String {
            switch self {
            case .wordStart: strings.text("dictionary.page.word-start")
            case .spelling: strings.text("dictionary.page.spelling")
            case .boxes: strings.text("dictionary.page.boxes")
            }
        }
    }

    package struct View: Sendable, Equatable, Storable {
        package struct Entry: Sendable, Equatable, Storable {
            package var term: String
            package var partOfSpeech: String
            package var selected: Bool
        }

        package struct Box: Sendable, Equatable, Storable {
            package var title: String
            package var text: String
        }

        package var page: Page
        /// "Search (word start):".
        package var searchLabel: String
        package var query: String
        /// "12 entries".
        package var count: String
        package var entries: [Entry]
        package var selected: Int
        /// The entry opened, as a sentence: "have a seat (expression): a polite way of asking someone to sit down."
        package var opened: String?
        package var openedTerm: String?
        package var boxes: [Box]
        /// "18 entries and 2 language focus boxes."
        package var summary: String
    }

    package enum Event: Sendable, Equatable, Storable {
        case type(String)
        case deleteBack
        case clear
        case nextPage
        case previousPage
        case showPage(Page)
        case move(Int)
        case openSelected
        /// An entry by its term, exactly or spelt nearly so.
        case define(String)
        case search(String)
        case searchSpelling(String)
    }

    package struct Local: Sendable, Equatable {
        package var page: Page = .wordStart
        package var query = ""
        package var selected = 0
        package var opened: String?
    }

    package static func local(for engine: DictionaryEngine, context: PresentationContext) -> Local { Local() }

    static func results(_ engine: DictionaryEngine, _ local: Local) -> [Definition] {
        guard !local.query.isEmpty else { return engine.entries }
        return local.page == .spelling ? engine.search(approximately: local.query) : engine.search(prefix: local.query)
    }

    package static func view(of engine: DictionaryEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let found = local.page == .boxes ? [] : results(engine, local)
        let opened = local.opened.flatMap(engine.entry)
        let strings = context.strings
        return View(page: local.page, searchLabel: strings.text("dictionary.search", ["page": local.page.label(strings)]),
                    query: local.query, count: strings.counted("entry", found.count),
                    entries: found.enumerated().map { View.Entry(term: $1.term, partOfSpeech: $1.partOfSpeech,
                                                                  selected: $0 == local.selected) },
                    selected: local.selected, opened: opened.map(sentence), openedTerm: opened?.term,
                    boxes: engine.boxes.map { View.Box(title: $0.title, text: $0.body) },
                    summary: strings.text("dictionary.summary", ["entries": strings.counted("entry", engine.entries.count),
                                                                 "boxes": strings.counted("box", engine.boxes.count)]))
    }

    static func sentence(_ definition: Definition) -> String {
        "\(definition.term) (\(definition.partOfSpeech)): \(definition.meaning)"
    }

    package static func reduce(_ event: Event, engine: DictionaryEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<DictionaryEngine> {
        let pages = Page.allCases
        let strings = context.strings
        switch event {
        case .type(let text):
            // Whatever is typed is a search, whatever letter it starts with.
            if local.page == .boxes { local.page = .wordStart }
            local.query += text
            local.selected = 0
        case .deleteBack:
            local.query = String(local.query.dropLast())
            local.selected = 0
        case .clear:
            local.query = ""
            local.selected = 0
            local.opened = nil
        case .nextPage, .previousPage:
            let step = event == .nextPage ? 1 : -1
            local.page = pages[CursorStep.wrapped(pages.firstIndex(of: local.page) ?? 0, by: step, count: pages.count)]
            local.selected = 0
        case .showPage(let page):
            local.page = page
            local.selected = 0
        case .move(let step):
            local.selected = CursorStep.clamped(local.selected, by: step, count: results(engine, local).count)
        case .openSelected:
            let found = results(engine, local)
            guard local.page != .boxes, found.indices.contains(local.selected) else { return Reaction() }
            local.opened = found[local.selected].term
            // The view shows the definition opened: a message saying it again would print it twice.
            return Reaction(actions: [.open(term: found[local.selected].term)])
        case .define(let term):
            guard let entry = engine.entry(term) else {
                guard let guess = engine.search(approximately: term).first else {
                    return .say(strings.text("dictionary.no-such-entry", ["term": term]), .bad)
                }
                return .say(strings.text("dictionary.no-such-entry.guess", ["term": term, "guess": guess.term]), .bad)
            }
            local.opened = entry.term
            return Reaction(actions: [.open(term: entry.term)])
        case .search(let text):
            local.page = .wordStart
            local.query = text
            local.selected = 0
        case .searchSpelling(let text):
            local.page = .spelling
            local.query = text
            local.selected = 0
            if results(engine, local).isEmpty { return .say(strings.text("dictionary.nothing-spelt-like", ["text": text])) }
        }
        return Reaction()
    }
}
