import Foundation

/// One activity in plain mode: it explains itself when entered, then answers each command with lines of text.
/// Commands are words on a line; docs/player.md lists them.
protocol PlainActivity: AnyObject {
    var controller: ActivityController { get }
    /// What to print on entering (and on `look`).
    func describe(at now: Date) -> [String]
    /// The commands this activity understands, for `help`.
    var commands: [String] { get }
    /// Carries out one command; nil when the command is not this activity's.
    func handle(_ words: [String], at now: Date) -> [String]?
}

/// Reading numbers and choices the way learners type them.
enum PlainWords {
    /// "3" → 2 (a 1-based number to an index), within `count`.
    static func index(_ word: String?, count: Int) -> Int? {
        guard let word, let number = Int(word), (1...count).contains(number) else { return nil }
        return number - 1
    }

    /// "b" or "B" → 1.
    static func letterIndex(_ word: String?, count: Int) -> Int? {
        guard let word, word.count == 1, let scalar = word.uppercased().unicodeScalars.first,
              (65..<(65 + count)).contains(Int(scalar.value)) else { return nil }
        return Int(scalar.value) - 65
    }

    /// A 1-based item number, or the item's id.
    static func item(_ word: String?, ids: [String]) -> String? {
        guard let word else { return nil }
        if let index = index(word, count: ids.count) { return ids[index] }
        return ids.first { $0.lowercased() == word.lowercased() }
    }

    static func time(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
