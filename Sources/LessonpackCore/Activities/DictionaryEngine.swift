/// Activity 7, the dictionary and phrasebook: every definition in alphabetical order, found by the start of a word
/// or by an approximate spelling, and the language-focus boxes. Searching is the front end's; opening an entry is
/// the record.
package struct DictionaryEngine: ActivityEngine {
    package typealias Setup = NoSetup

    package enum Action: Storable, Sendable, Equatable {
        case open(term: String)
    }

    package static let kind = ActivityKind.dictionary
    package static let isScored = false

    package static func parts(of setup: NoSetup, in module: Module) -> [ModulePart] { module.definitions.map { ModulePart.term($0.term) } }

    package let setup = NoSetup()
    package let entries: [Definition]
    package let boxes: [FocusBox]
    package let startedAt: Date
    package private(set) var lookedUp: [String] = []

    package init(module: Module, setup: NoSetup, startedAt: Date) {
        // Alphabetical as a reader expects: ignoring case and accents, the same on every machine.
        entries = module.definitions.sorted { Self.sortKey($0.term) < Self.sortKey($1.term) }
        boxes = module.phrasebook
        self.startedAt = startedAt
    }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        switch action {
        case .open(let term):
            if let entry = entry(term) { lookedUp.append(entry.term) }
            return []
        }
    }

    package var isFinished: Bool { false }

    package func entry(_ term: String) -> Definition? {
        entries.first { Self.sortKey($0.term) == Self.sortKey(term) }
    }

    /// Entries with a word that starts with `prefix` ("meet" finds "nice to meet you"); terms that start with it first.
    package func search(prefix: String) -> [Definition] {
        let wanted = Self.sortKey(Definition.trimmed(Substring(prefix), newlines: false))
        guard !wanted.isEmpty else { return entries }
        let starting = entries.filter { Self.sortKey($0.term).hasPrefix(wanted) }
        let inside = entries.filter { entry in
            !Self.sortKey(entry.term).hasPrefix(wanted)
                && Self.sortKey(entry.term).split(separator: " ").contains { $0.hasPrefix(wanted) }
        }
        return starting + inside
    }

    /// Entries spelt like `text`, closest first: for a learner who heard a word and wrote it as it sounded.
    package func search(approximately text: String) -> [Definition] {
        let typed = Array(Self.sortKey(Definition.trimmed(Substring(text), newlines: false)))
        guard !typed.isEmpty else { return [] }
        let allowed = max(1, typed.count / 3)
        let scored = entries.compactMap { entry -> (Definition, Int)? in
            let term = Self.sortKey(entry.term)
            // Compare with the whole term and with each of its words, and keep the best.
            let candidates = [term] + term.split(separator: " ").map(String.init)
            let distance = candidates.map { EditDistance.between(typed, Array($0)) }.min() ?? .max
            return distance <= allowed ? (entry, distance) : nil
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : Self.sortKey($0.0.term) < Self.sortKey($1.0.term) }.map { $0.0 }
    }

    package func result(at now: Date) -> ActivityResult {
        let opened = Array(Set(lookedUp)).sorted()
        return ActivityResult(activity: .dictionary, startedAt: startedAt, finishedAt: now,
                              items: opened.map { ItemOutcome(id: $0, prompt: $0, outcome: .done) },
                              details: .dictionary(entries: entries.count, opened: opened.count))
    }

    static func sortKey(_ text: String) -> String { TextFolding.key(text) }
}

/// The name its rows are stored under (kept as it was when the action was first stored).
extension DictionaryEngine.Action: StoredAction {
    package var storedName: String {
        switch self {
        case .open: "open"
        }
    }
}
