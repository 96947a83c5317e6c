import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// Activity 2: ten statements, each with a box that cycles empty → correct → incorrect → empty.
enum VideoTaskScreen: ActivityScreenView {
    typealias Presenter = VideoTaskPresenter

    static let helpID = "video-task"
    static let help = ["↑ ↓: choose a statement", "space: change its box: empty, ✓ correct, ✗ incorrect",
                       "c: check your answers (every box must be marked)",
                       "Enter, after checking: watch again the lines that show the answer to a wrong statement",
                       "a: clear the boxes and try again", "q: back to the contents"]

    static func hints(_ view: VideoTaskPresenter.View) -> String {
        view.summary == nil ? "↑↓ choose · space mark · c check · a again · q back"
            : "↑↓ choose · Enter watch again · a again · q back"
    }

    static func input(_ key: Key, view: VideoTaskPresenter.View) -> ScreenInput<VideoTaskPresenter.Event>? {
        switch key {
        case .up: .events([.move(-1)])
        case .down, .tab: .events([.move(1)])
        case .space: .events([.cycle(nil)])
        case .character("c"): .events([.check])
        case .enter: .events([view.summary == nil ? .cycle(nil) : .replay(nil)])
        case .character("a"): .events([.tryAgain])
        case .character("q"), .escape: .back
        default: nil
        }
    }

    static func body(_ view: VideoTaskPresenter.View, width: Int, height: Int, scroll: inout Int) -> [FrameLine] {
        var lines = [FrameLine(), FrameLine("  " + view.prompt, .bold), FrameLine()]
        for (index, row) in view.rows.enumerated() {
            let box = switch row.mark {
            case .empty: "[ ]"
            case .correct: "[✓]"
            case .incorrect: "[✗]"
            }
            let verdict = row.right.map { $0 ? Run(" right", .good) : Run(" wrong", .bad) } ?? Run("")
            let text = TextLayout.fit("\(row.number). \(row.text)", width: width - 16)
            lines.append(FrameLine([Run("  " + box + " " + text, index == view.selected ? .selected : .plain), verdict]))
        }
        guard let summary = view.summary else { return lines }
        lines += [FrameLine(), FrameLine("  " + summary, view.allRight ? .good : .bold)]
        if let mistake = view.selectedMistake {
            lines.append(FrameLine("  \(mistake.truth) Watch again (Enter):", .accent))
            for line in mistake.lines { lines += Draw.paragraph("\(line.start)  \(line.text)", width: width - 4, indent: 4) }
        } else if let hint = view.hint {
            lines.append(FrameLine("  " + hint, .muted))
        }
        return lines
    }
}
