import Foundation
import LessonpackPresentation

/// Plain mode, activity 7: look words up, by their start or by how they sound, and read the focus boxes.
enum PlainDictionary: PlainActivityView {
    typealias Presenter = DictionaryPresenter

    static func introduction(_ view: DictionaryPresenter.View, _ strings: Strings) -> [String] {
        [view.summary + " " + strings.text("plain.intro.dictionary")]
    }

    static func describe(_ view: DictionaryPresenter.View, _ strings: Strings) -> [String] { [] }

    static func commands(_ strings: Strings) -> [String] { PlainWords.lines(strings.text("plain.commands.dictionary")) }

    static func read(_ words: [String], view: DictionaryPresenter.View, _ strings: Strings) -> PlainCommand<DictionaryPresenter.Event> {
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

    static func reply(to events: [DictionaryPresenter.Event], message: Message?, view: DictionaryPresenter.View, _ strings: Strings) -> [String] {
        if let message { return [message.text] }
        if case .define? = events.first, let opened = view.opened { return [opened] }
        if view.page == .boxes { return view.boxes.flatMap { ["\($0.title):", "  \($0.text)"] } }
        return view.entries.isEmpty ? [strings.text("plain.dictionary.no-entries")] : view.entries.map { "  \($0.term) (\($0.partOfSpeech))" }
    }
}
