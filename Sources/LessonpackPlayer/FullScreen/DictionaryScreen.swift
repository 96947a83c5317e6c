import Foundation
import LessonpackModel
import TerminalText

/// Activity 7: every definition, alphabetically; typing searches by the start of a word, Tab switches to search by
/// approximate spelling; f shows the language-focus boxes.
final class DictionaryScreen: Screen {
    private let dictionary: DictionaryController
    private var query = ""
    private var approximate = false
    private var selected = 0
    private var opened: Definition?
    private var showingBoxes = false

    init(_ dictionary: DictionaryController) { self.dictionary = dictionary }

    var title: String { ActivityKind.dictionary.numbered(in: dictionary.session.module) }
    let helpID = "dictionary"
    let help = ["Type to search: entries with a word starting with what you type", "Tab: search by spelling instead",
                "↑ ↓: choose an entry; Enter: its definition", "Backspace: delete; Esc: clear the search",
                "f: the language focus boxes (f again: back to the entries)", "q (with an empty search): back to the contents"]
    let hints = "type to search · Tab spelling · ↑↓ Enter · f focus boxes · q back"

    private var results: [Definition] {
        guard !query.isEmpty else { return dictionary.engine.entries }
        return approximate ? dictionary.engine.search(approximately: query) : dictionary.engine.search(prefix: query)
    }

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        if showingBoxes {
            return [FrameLine()] + dictionary.engine.boxes.flatMap { box in
                [FrameLine("  " + box.title, .accent)] + Draw.paragraph(box.body, width: width - 4, indent: 4) + [FrameLine()]
            }
        }
        let found = results
        var lines = [FrameLine([Run("  Search (\(approximate ? "spelling" : "word start")): ", .muted), Run(query + "▏", .bold)]),
                     FrameLine("  \(found.count) entr\(found.count == 1 ? "y" : "ies")", .muted)]
        let panel = opened.map { definition in
            [FrameLine(), FrameLine("  \(definition.term) (\(definition.partOfSpeech))", .bold)]
                + Draw.paragraph(definition.meaning, width: width - 4, indent: 4)
        } ?? []
        let room = max(1, height - lines.count - panel.count)
        for index in Draw.window(count: found.count, selected: selected, height: room) {
            lines.append(FrameLine("  " + TextLayout.pad(found[index].term, width: 32) + " " + found[index].partOfSpeech,
                                   index == selected ? .selected : .plain))
        }
        return lines + panel
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        let found = results
        switch key {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(max(0, found.count - 1), selected + 1)
        case .enter:
            if found.indices.contains(selected) { opened = dictionary.open(found[selected].term, at: now) }
        case .tab, .backTab: approximate.toggle(); selected = 0
        case .backspace: query = String(query.dropLast()); selected = 0
        case .escape:
            if query.isEmpty && !showingBoxes { return .back }
            query = ""
            showingBoxes = false
        case .character("q") where query.isEmpty: return .back
        case .character("f") where query.isEmpty: showingBoxes.toggle()
        case .character(let character): query.append(character); selected = 0; showingBoxes = false
        case .space: query.append(" ")
        default: break
        }
        return .none
    }

    func leave(now: Date) { dictionary.leave(at: now) }
}
