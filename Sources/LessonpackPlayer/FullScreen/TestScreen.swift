import Foundation
import LessonpackActivities
import LessonpackModel
import TerminalText

/// Activity 8: the drawn items one at a time, then the results with what was wrong and why.
final class TestScreen: Screen {
    private let test: TestController
    private var current = 0
    private var confirmingFinish = false
    private var scroll = 0

    init(_ test: TestController) { self.test = test }

    var title: String { ActivityKind.test.numbered(in: test.session.module) }
    let helpID = "test"
    let help = ["A statement: space changes its box (empty, ✓ correct, ✗ incorrect)", "A choice: a, b, c… picks an option",
                "← → (or Enter): the previous or next item", "Backspace: clear this answer",
                "f: finish the test and see your results", "q: back to the contents (your answers are kept)"]
    var hints: String {
        test.finalResult != nil ? "↑↓ scroll · q back" : confirmingFinish ? "y finish · n keep going"
            : "space mark · a/b/c choose · ←→ items · f finish · q back"
    }

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        if let result = test.finalResult { return results(result, width: width, height: height) }
        let drawn = test.engine.drawn
        let shown = drawn[current]
        let answered = test.engine.answers.count
        var lines = [FrameLine(), FrameLine("  Item \(current + 1) of \(drawn.count) · \(answered) answered", .muted), FrameLine()]
        lines += Draw.paragraph(shown.item.text, width: width - 4, indent: 2, style: .bold)
        lines.append(FrameLine())
        switch shown.item.kind {
        case .statement:
            let state: String = if case .tri(let value)? = test.engine.answer(shown.item.id) {
                value == .correct ? "[✓] correct" : "[✗] incorrect"
            } else { "[ ] not answered" }
            lines.append(FrameLine("  " + state, .accent))
        case .multipleChoice:
            let chosen: Int? = if case .option(let index)? = test.engine.answer(shown.item.id) { index } else { nil }
            for (index, option) in shown.options.enumerated() {
                lines.append(FrameLine("  \(index == chosen ? "●" : "○") \(letter(index)). " + TextLayout.fit(option, width: width - 10),
                                       index == chosen ? .selected : .plain))
            }
        }
        lines.append(FrameLine())
        let marks = drawn.map { test.engine.answer($0.item.id) == nil ? "·" : "●" }
        lines.append(FrameLine("  " + marks.joined(separator: " "), .muted))
        if confirmingFinish {
            lines += [FrameLine(), FrameLine("  \(drawn.count - answered) item\(drawn.count - answered == 1 ? " is" : "s are") " +
                                             "not answered. Finish anyway? (y/n)", .bad)]
        }
        return lines
    }

    private func results(_ result: ActivityResult, width: Int, height: Int) -> [FrameLine] {
        let details = result.details
        var lines = [FrameLine(), FrameLine("  Score: \(result.score?.correct ?? 0) of \(result.score?.total ?? 0) " +
                                            "(\(Int((result.score?.percent ?? 0).rounded()))%)", .bold),
                     FrameLine("  \(details["correct"] ?? "0") correct · \(details["incorrect"] ?? "0") incorrect · " +
                               "\(details["unanswered"] ?? "0") unanswered", .muted), FrameLine()]
        for objective in result.objectives {
            let objectiveText = test.session.module.objectives.first { $0.id == objective.objective }?.performance ?? objective.objective
            lines.append(FrameLine("  \(Int(objective.percent.rounded()))%  " + TextLayout.fit(objectiveText, width: width - 10),
                                   objective.percent >= 80 ? .good : .plain))
        }
        var review: [FrameLine] = []
        for item in result.items where item.outcome != .correct {
            review.append(FrameLine("  ✗ " + TextLayout.fit(item.prompt, width: width - 6), .bad))
            let given = item.answer.map { "You said: " + Draw.sentence($0) } ?? "Not answered."
            review += Draw.paragraph(given + " Answer: " + Draw.sentence(item.expected ?? "?") + " " + (item.note ?? ""),
                                     width: width - 6, indent: 4)
        }
        if !review.isEmpty { lines += [FrameLine(), FrameLine("  To review:", .accent)] }
        let room = max(1, height - lines.count)
        scroll = min(scroll, max(0, review.count - room))
        return lines + Array(review.dropFirst(scroll).prefix(room))
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        if test.finalResult != nil {
            switch key {
            case .up: scroll = max(0, scroll - 1)
            case .down: scroll += 1
            case .character("q"), .escape, .enter: return .back
            default: break
            }
            return .none
        }
        if confirmingFinish {
            confirmingFinish = false
            if key == .character("y") { _ = test.finish(at: now) }
            return .none
        }
        let drawn = test.engine.drawn
        let shown = drawn[current]
        switch key {
        case .right, .enter, .tab: current = min(drawn.count - 1, current + 1)
        case .left, .backTab: current = max(0, current - 1)
        case .space: test.cycle(shown.item.id, at: now)
        case .backspace: test.clear(shown.item.id, at: now)
        case .character("f"):
            if test.engine.answers.count < drawn.count { confirmingFinish = true } else { _ = test.finish(at: now) }
        case .character("q"), .escape: return .back
        case .character(let character):
            if let index = "abcdefgh".firstIndex(of: Character(character.lowercased())),
               case let option = "abcdefgh".distance(from: "abcdefgh".startIndex, to: index), shown.options.indices.contains(option) {
                test.choose(shown.item.id, option: option, at: now)
            }
        default: break
        }
        return .none
    }

    func leave(now: Date) { test.leave(at: now) }
}
