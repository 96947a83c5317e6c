import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// Activity 2: ten statements, each with a box that cycles empty → true → false → empty. Starting again is on `n`
/// ("new"), never on `a`, which a learner reads as "answer", and asks before clearing marks.
enum VideoTaskScreen: ActivityScreenView {
    typealias Presenter = VideoTaskPresenter

    static let helpID = "video-task"
    static let help = ["↑ ↓: choose a sentence", "space: change its box: empty, ✓ true, ✗ false",
                       "t: true, f: false", "c: check your answers (every box must be marked)",
                       "Enter, after checking: watch again the lines that show the answer to a wrong one",
                       "n: start again with empty boxes (asks first)", "q: back to the contents"]

    static func hints(_ view: VideoTaskPresenter.View) -> String {
        if view.confirming != nil { return "y yes, clear them · n no, keep them" }
        return view.summary == nil ? "↑↓ choose · space mark · c check · n start again · q back"
            : "↑↓ choose · Enter watch again · n start again · q back"
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

    static func body(_ view: VideoTaskPresenter.View, width: Int, height: Int, scroll: inout Int) -> [FrameLine] {
        var lines = [FrameLine()] + Draw.paragraph(view.prompt, width: width - 2, indent: 2, style: .bold) + [FrameLine()]
        var rows: [[FrameLine]] = []
        for (index, row) in view.rows.enumerated() {
            let box = switch row.mark {
            case .empty: "[ ]"
            case .correct: "[✓]"
            case .incorrect: "[✗]"
            }
            let verdict = row.right.map { $0 ? " right" : " wrong" } ?? ""
            // A long sentence wraps under itself, beside its box, so a narrow terminal shows all of it.
            let style: TextStyle = index == view.selected ? .selected : .plain
            let wrapped = TextLayout.wrap("\(row.number). \(row.text)", width: max(10, width - 8 - verdict.count))
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
            lines += [FrameLine()] + Draw.paragraph(confirming + " (y/n)", width: width - 2, indent: 2, style: .bad)
        }
        guard let summary = view.summary else { return lines }
        lines += [FrameLine(), FrameLine("  " + summary, view.allRight ? .good : .bold)]
        if let mistake = view.selectedMistake {
            lines += Draw.paragraph("\(mistake.truth) Watch again (Enter):", width: width - 2, indent: 2, style: .accent)
            for line in mistake.lines { lines += Draw.paragraph("\(line.start)  \(line.text)", width: width - 4, indent: 4) }
        } else if let hint = view.hint {
            lines += Draw.paragraph(hint, width: width - 2, indent: 2, style: .muted)
        }
        return lines
    }

}
