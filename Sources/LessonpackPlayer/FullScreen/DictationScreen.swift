import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// The dictation: while a line waits to be written, keys type (a small line editor: letters, space, Backspace,
/// Enter to send), and listening is on Tab; once written, the line is marked word by word, the marks in
/// characters too ([+missing], [-extra], typed→right), so they read without colour.
enum DictationScreen: ActivityScreenView {
    typealias Presenter = DictationPresenter

    static let helpID = "dictation"
    static func help(_ strings: Strings) -> [String] { Draw.lines(strings.text("help.dictation")) }

    static func hints(_ view: DictationPresenter.View, _ strings: Strings) -> String {
        if view.confirming != nil { return strings.text("hints.finish-or-keep-going") }
        if view.summary != nil { return strings.text("hints.dictation.finished") }
        // Short enough for "? help" to stay in sight on 60 columns; the rest is in the help.
        if view.writing { return strings.text("hints.dictation.writing") }
        return strings.text("hints.dictation.written")
    }

    static func input(_ key: Key, view: DictationPresenter.View) -> ScreenInput<DictationPresenter.Event> {
        if view.confirming != nil {
            return key == .character("y") ? .events([.finish]) : .events([.cancelFinish])
        }
        switch key {
        case .up: return .events([.move(-1)])
        case .down: return .events([.move(1)])
        case .tab: return .events([.hear])
        case .backTab: return .events([.hearSlowly(0.75)])
        case .escape: return .back
        case .end: return .events([.finish])
        default: break
        }
        if view.summary != nil {
            switch key {
            case .character("g"): return .events([.newAttempt])
            case .character("q"), .enter: return .back
            default: return .unhandled
            }
        }
        if view.writing {
            switch key {
            case .character(let character) where !(character.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false):
                return .events([.edit(view.draft + String(character))])
            case .space: return .events([.edit(view.draft + " ")])
            case .backspace: return .events([.edit(String(view.draft.dropLast()))])
            // Enter with nothing typed plays the line, so Enter alone is enough to start.
            case .enter: return .events([view.draft.contains { $0.isLetter || $0.isNumber } ? .submit : .hear])
            default: return .unhandled
            }
        }
        switch key {
        case .enter, .right, .character("n"): return .events([.advance])
        case .character("o"): return .events([.hear])
        case .character("s"): return .events([.hearSlowly(0.75)])
        case .character("S"): return .events([.hearSlowly(0.5)])
        case .character("f"): return .events([.finish])
        case .character("q"): return .back
        default: return .unhandled
        }
    }

    static func body(_ view: DictationPresenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine] {
        var lines = [FrameLine()]
        lines += Draw.paragraph(view.instruction, width: width - 2, indent: 2, style: .muted)
        guard view.total > 0 else { return lines + [FrameLine("  " + view.position)] }
        lines.append(FrameLine("  \(view.position)" + (view.speaker.map { " · " + $0 } ?? ""), Draw.speakerStyle(view.colour)))
        lines.append(FrameLine())
        if view.writing {
            // The end of a long draft stays in sight, with the cursor after it.
            let room = max(4, width - 6)
            let shown = TextLayout.fit(String(view.draft.reversed()), width: room)
            lines.append(FrameLine([Run("  > "), Run(String(shown.reversed()) + "_", .bold)]))
            if !view.heard { lines.append(FrameLine("  " + strings.text("screen.dictation.tab-to-hear"), .muted)) }
        } else if let written = view.written {
            lines += Draw.paragraph(strings.text("screen.dictation.you-wrote", ["text": written]), width: width - 2, indent: 2)
            lines += marked(view.marked, width: width - 4, indent: 2)
            for note in view.notes { lines += Draw.paragraph(note, width: width - 2, indent: 2) }
            if let score = view.score { lines.append(FrameLine("  " + score, view.allRight ? .good : .accent)) }
        }
        if let summary = view.summary { lines += [FrameLine(), FrameLine("  " + summary, .accent)] }
        if let confirming = view.confirming { lines += [FrameLine(), FrameLine("  \(confirming) " + strings.text("screen.yes-no"), .bad)] }
        lines.append(FrameLine())
        let room = max(1, height - lines.count)
        for index in Draw.window(count: view.rows.count, selected: view.current, height: room) {
            let row = view.rows[index]
            let mark = row.written ? (row.allRight ? "✓ " : "• ") : "  "
            lines.append(FrameLine("  " + mark + TextLayout.fit("\(row.number). \(row.status)", width: width - 6),
                                   row.isCurrent ? .selected : .plain))
        }
        return lines
    }

    /// The marked words, wrapped to `width`, each in its mark's style.
    static func marked(_ words: [DictationPresenter.View.Marked], width: Int, indent: Int) -> [FrameLine] {
        var lines: [FrameLine] = []
        var current = FrameLine(String(repeating: " ", count: indent))
        for word in words {
            let style: TextStyle = switch word.mark {
            case .right: .good
            case .misspelt: .accent
            case .missing: .bad
            case .extra: .muted
            }
            let text = TextLayout.fit(word.text, width: max(4, width))
            if current.width > indent, current.width + 1 + DisplayWidth.of(text) > width + indent {
                lines.append(current)
                current = FrameLine(String(repeating: " ", count: indent))
            }
            if current.width > indent { current.runs.append(Run(" ")) }
            current.runs.append(Run(text, style))
        }
        if current.width > indent { lines.append(current) }
        return lines
    }
}
