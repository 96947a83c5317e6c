import Foundation
import LessonpackPresentation
import TerminalText

/// Activity 7: every definition, alphabetically. Typing searches, whatever letter it starts with; Tab moves between
/// searching by the start of a word, by approximate spelling, and the language-focus boxes.
enum DictionaryScreen: ActivityScreenView {
    typealias Presenter = DictionaryPresenter

    static let helpID = "dictionary"
    static func help(_ strings: Strings) -> [String] { Draw.lines(strings.text("help.dictionary")) }

    static func hints(_ view: DictionaryPresenter.View, _ strings: Strings) -> String {
        view.page == .boxes ? strings.text("hints.dictionary.boxes")
            : strings.text("hints.dictionary.entries")
    }

    static func input(_ key: Key, view: DictionaryPresenter.View) -> ScreenInput<DictionaryPresenter.Event> {
        switch key {
        case .up: .events([.move(-1)])
        case .down: .events([.move(1)])
        case .enter: .events([.openSelected])
        case .tab: .events([.nextPage])
        case .backTab: .events([.previousPage])
        case .backspace: .events([.deleteBack])
        case .escape: view.query.isEmpty && view.opened == nil && view.page != .boxes ? .back
            : .events(view.page == .boxes ? [.showPage(.wordStart)] : [.clear])
        case .space: .events([.type(" ")])
        case .character(let character): .events([.type(String(character))])
        default: .unhandled
        }
    }

    static func body(_ view: DictionaryPresenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine] {
        if view.page == .boxes {
            return [FrameLine()] + view.boxes.flatMap { box in
                [FrameLine("  " + box.title, .accent)] + Draw.paragraph(box.text, width: width - 4, indent: 4) + [FrameLine()]
            }
        }
        var lines = [FrameLine([Run("  " + view.searchLabel + " ", .muted), Run(view.query + "▏", .bold)]),
                     FrameLine("  " + view.count, .muted)]
        let panel = view.opened.map { [FrameLine()] + Draw.paragraph($0, width: width - 4, indent: 2, style: .bold) } ?? []
        let room = max(1, height - lines.count - panel.count)
        for index in Draw.window(count: view.entries.count, selected: view.selected, height: room) {
            let entry = view.entries[index]
            lines.append(FrameLine("  " + TextLayout.pad(entry.term, width: 32) + " " + entry.partOfSpeech,
                                   entry.selected ? .selected : .plain))
        }
        return lines + panel
    }
}
