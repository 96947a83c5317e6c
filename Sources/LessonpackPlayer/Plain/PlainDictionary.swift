import Foundation
import LessonpackPresentation

/// Plain mode, activity 7: look words up, by their start or by how they sound, and read the focus boxes.
enum PlainDictionary: PlainActivityView {
    typealias Presenter = DictionaryPresenter

    static func introduction(_ view: DictionaryPresenter.View) -> [String] {
        [view.summary + " 'list' shows the entries, 'search me' finds entries with a word starting 'me', " +
         "'like responsability' finds entries spelt like it."]
    }

    static func describe(_ view: DictionaryPresenter.View) -> [String] { [] }

    static let commands = ["list: every entry", "search TEXT: entries with a word starting with TEXT",
                           "like TEXT: entries spelt like TEXT", "define TERM: an entry's definition",
                           "boxes: the language focus boxes"]

    static func read(_ words: [String], view: DictionaryPresenter.View) -> PlainCommand<DictionaryPresenter.Event> {
        let rest = words.dropFirst().joined(separator: " ")
        switch words.first?.lowercased() {
        case "list": return .events([.clear])
        case "search": return .events([.search(rest)])
        case "like": return .events([.searchSpelling(rest)])
        case "define": return rest.isEmpty ? .show(["Say which: define have a seat"]) : .events([.define(rest)])
        case "boxes": return .events([.showPage(.boxes)])
        default: return .unknown
        }
    }

    static func reply(to events: [DictionaryPresenter.Event], message: Message?, view: DictionaryPresenter.View) -> [String] {
        if let message { return [message.text] }
        if case .define? = events.first, let opened = view.opened { return [opened] }
        if view.page == .boxes { return view.boxes.flatMap { ["\($0.title):", "  \($0.text)"] } }
        return view.entries.isEmpty ? ["No entries."] : view.entries.map { "  \($0.term) (\($0.partOfSpeech))" }
    }
}
