import Foundation
import LessonpackActivities
import LessonpackModel
import TerminalText

/// Activity 2: ten statements, each with a box that cycles empty → correct → incorrect → empty.
final class VideoTaskScreen: Screen {
    private let task: VideoTaskController
    private var selected = 0

    init(_ task: VideoTaskController) { self.task = task }

    var title: String { ActivityKind.videoTask.numbered(in: task.session.module) }
    let helpID = "video-task"
    let help = ["↑ ↓: choose a statement", "space: change its box: empty, ✓ correct, ✗ incorrect",
                "c: check your answers (every box must be marked)", "Enter, after checking: replay the lines of a wrong statement",
                "a: clear the boxes and try again", "q: back to the contents"]
    let hints = "↑↓ choose · space mark · c check · a again · q back"

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        let engine = task.engine
        let wrong = Set(engine.report?.mistakes.map(\.statement.id) ?? [])
        var lines = [FrameLine(), FrameLine("  Are these statements about the video correct or incorrect?", .bold), FrameLine()]
        for (index, statement) in engine.statements.enumerated() {
            let box = switch engine.answer(statement.id) {
            case .empty: "[ ]"
            case .correct: "[✓]"
            case .incorrect: "[✗]"
            }
            let verdict: Run = engine.report == nil ? Run("") : wrong.contains(statement.id) ? Run(" wrong", .bad) : Run(" right", .good)
            let text = TextLayout.fit("\(index + 1). \(statement.text)", width: width - 16)
            lines.append(FrameLine([Run("  " + box + " " + text, index == selected ? .selected : .plain), verdict]))
        }
        guard let report = engine.report else { return lines }
        lines += [FrameLine(), FrameLine("  \(report.correct) of \(report.total) right.", report.mistakes.isEmpty ? .good : .bold)]
        if let mistake = report.mistakes.first(where: { $0.statement.id == engine.statements[selected].id }) {
            lines.append(FrameLine("  It is \(mistake.statement.isCorrect ? "correct" : "incorrect"). Watch again (Enter):", .accent))
            for line in mistake.lines {
                lines += Draw.paragraph("\(Draw.clock(line.start))  \(line.text)", width: width - 4, indent: 4)
            }
        } else if !report.mistakes.isEmpty {
            lines.append(FrameLine("  Choose a wrong statement to see the lines to watch again.", .muted))
        }
        return lines
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        let statements = task.engine.statements
        switch key {
        case .up: selected = (selected + statements.count - 1) % statements.count
        case .down, .tab: selected = (selected + 1) % statements.count
        case .space: task.cycle(statements[selected].id, at: now)
        case .character("c"):
            if case .refused(let unanswered) = task.check(at: now) {
                let numbers = unanswered.compactMap { statements.firstIndex(of: $0) }.map { String($0 + 1) }
                return .message("Mark every statement first: \(numbers.joined(separator: ", ")) still empty.")
            }
        case .enter:
            if let mistake = task.engine.report?.mistakes.first(where: { $0.statement.id == statements[selected].id }) {
                task.replayLines(of: mistake)
                return .message("Replaying from \(Draw.clock(mistake.lines.first?.start ?? 0)).")
            }
            task.cycle(statements[selected].id, at: now)
        case .character("a"): task.tryAgain(at: now)
        case .character("q"), .escape: return .back
        default: break
        }
        return .none
    }

    func leave(now: Date) { task.leave(at: now) }
}
