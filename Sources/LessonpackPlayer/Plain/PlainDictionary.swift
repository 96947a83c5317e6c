import Foundation
import LessonpackModel

/// Plain mode, activity 7: look words up, by their start or by how they sound.
final class PlainDictionary: PlainActivity {
    let dictionary: DictionaryController
    var controller: ActivityController { dictionary }

    init(_ dictionary: DictionaryController) { self.dictionary = dictionary }

    func describe(at now: Date) -> [String] {
        ["\(dictionary.engine.entries.count) entries and \(dictionary.engine.boxes.count) language focus boxes. " +
         "'list' shows the entries, 'search me' finds entries with a word starting 'me', 'like responsability' " +
         "finds entries spelt like it."]
    }

    let commands = ["list: every entry", "search TEXT: entries with a word starting with TEXT",
                    "like TEXT: entries spelt like TEXT", "define TERM: an entry's definition", "boxes: the language focus boxes"]

    func handle(_ words: [String], at now: Date) -> [String]? {
        let rest = words.dropFirst().joined(separator: " ")
        switch words.first {
        case "list": return entries(dictionary.engine.entries)
        case "search": return entries(dictionary.engine.search(prefix: rest))
        case "like":
            let found = dictionary.engine.search(approximately: rest)
            return found.isEmpty ? ["Nothing is spelt like '\(rest)'."] : entries(found)
        case "define":
            guard let definition = dictionary.open(rest, at: now) else {
                let guess = dictionary.engine.search(approximately: rest).first.map { " Did you mean '\($0.term)'?" } ?? ""
                return ["No entry '\(rest)'.\(guess)"]
            }
            return ["\(definition.term) (\(definition.partOfSpeech)): \(definition.meaning)"]
        case "boxes":
            return dictionary.engine.boxes.flatMap { ["\($0.title):", "  \($0.body)"] }
        default: return nil
        }
    }

    private func entries(_ list: [Definition]) -> [String] {
        list.isEmpty ? ["No entries."] : list.map { "  \($0.term) (\($0.partOfSpeech))" }
    }
}
