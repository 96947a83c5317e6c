import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// Activity 2: ten statements, each with a box that cycles empty → true → false → empty. Starting again is on `n`
/// ("new"), never on `a`, which a learner reads as "answer", and asks before clearing marks.
enum VideoTaskScreen: ActivityScreenView {
    typealias Presenter = VideoTaskPresenter

    static let helpID = "video-task"
    static func help(_ strings: Strings) -> [String] { Draw.lines(strings.text("help.video-task")) }

    static func hints(_ view: VideoTaskPresenter.View, _ strings: Strings) -> String {
        if view.confirming != nil { return strings.text("hints.video-task.confirming") }
        return view.summary == nil ? strings.text("hints.video-task")
            : strings.text("hints.video-task.checked")
    }

    static func input(_ key: Key, view: VideoTaskPresenter.View) -> ScreenInput<VideoTaskPresenter.Event> {
        if view.confirming != nil { return .events([key == .character("y") ? .tryAgainNow : .keepMarks]) }
        return switch key {
        case .up: .events([.move(-1)])
        case .down, .tab: .events([.move(1)])
        case .space: .events([.cycle(nil)])
        case .character("c"): .events([.check])
        case .enter: .events([view.summary == nil ? .cycle(nil) : .replay(nil)])
        case .character("t"): .events([.mark(view.selected, .correct)])
        case .character("f"): .events([.mark(view.selected, .incorrect)])
        case .character("n"): .events([.tryAgain])
        case .character("q"), .escape: .back
        default: .unhandled
        }
    }

    static func body(_ view: VideoTaskPresenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine] {
        var lines = [FrameLine()] + Draw.paragraph(view.prompt, width: width - 2, indent: 2, style: .bold) + [FrameLine()]
        var rows: [[FrameLine]] = []
        for (index, row) in view.rows.enumerated() {
            let box = switch row.mark {
            case .empty: "[ ]"
            case .correct: "[✓]"
            case .incorrect: "[✗]"
            }
            let verdict = row.right.map { " " + strings.text($0 ? "screen.video-task.right" : "screen.video-task.wrong") } ?? ""
            // A long sentence wraps under itself, beside its box, so a narrow terminal shows all of it.
            let style: TextStyle = index == view.selected ? .selected : .plain
            let wrapped = TextLayout.wrap("\(row.number). \(row.text)", width: max(10, width - 8 - DisplayWidth.of(verdict)))
            var drawn = wrapped.enumerated().map { line, text in
                FrameLine("  " + (line == 0 ? box : "   ") + " " + text, style)
            }
            if let right = row.right, !drawn.isEmpty { drawn[drawn.count - 1].runs.append(Run(verdict, right ? .good : .bad)) }
            rows.append(drawn)
        }
        // In a short terminal, the rows around the selected one.
        let room = max(3, height - lines.count - (view.summary == nil ? 0 : 4) - (view.confirming == nil ? 0 : 2))
        lines += Draw.wholeItems(rows, selected: view.selected, room: room)
        if let confirming = view.confirming {
            lines += [FrameLine()] + Draw.paragraph(confirming + " " + strings.text("screen.yes-no"), width: width - 2, indent: 2, style: .bad)
        }
        guard let summary = view.summary else { return lines }
        lines += [FrameLine(), FrameLine("  " + summary, view.allRight ? .good : .bold)]
        if let mistake = view.selectedMistake {
            lines += Draw.paragraph(mistake.truth + " " + strings.text("screen.video-task.watch-again"), width: width - 2, indent: 2, style: .accent)
            for line in mistake.lines { lines += Draw.paragraph("\(line.start)  \(line.text)", width: width - 4, indent: 4) }
        } else if let hint = view.hint {
            lines += Draw.paragraph(hint, width: width - 2, indent: 2, style: .muted)
        }
        return lines
    }

}
