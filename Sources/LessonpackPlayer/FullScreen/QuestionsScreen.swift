import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// Activity 6: a question, its answers A, B and C, and feedback once answered.
enum QuestionsScreen: ActivityScreenView {
    typealias Presenter = QuestionsPresenter

    static let helpID = "questions"
    static let help = ["a, b, c (or ↑ ↓ and Enter): answer", "p: hear the question; 1, 2, 3: hear an answer",
                       "→ or n: the next question, ←: the previous one", "g: start again, with the answers in a new order (asks first)",
                       "q: back to the contents"]

    static func hints(_ view: QuestionsPresenter.View) -> String {
        view.confirming != nil ? "y yes, start again · n no, keep my answers"
            : "a/b/c answer · p hear · ←→ questions · g start again · q back"
    }

    static func input(_ key: Key, view: QuestionsPresenter.View) -> ScreenInput<QuestionsPresenter.Event> {
        if view.confirming != nil { return .events([key == .character("y") ? .newAttemptNow : .keepAnswers]) }
        switch key {
        case .up: return .events([.moveCursor(-1)])
        case .down: return .events([.moveCursor(1)])
        case .enter, .space: return .events([.answerAtCursor])
        case .right, .character("n"), .tab: return .events([.move(1)])
        case .left: return .events([.move(-1)])
        case .character("p"): return .events([.hearQuestion])
        case .character("g"): return .events([.newAttempt])
        case .character("q"), .escape: return .back
        case .character(let character):
            if let digit = character.wholeNumberValue, view.answers.indices.contains(digit - 1) {
                return .events([.hearAnswer(digit - 1)])
            }
            if let index = answerIndex(String(character), count: view.answers.count), character.isLetter {
                return .events([.answer(index)])
            }
            return .unhandled
        default: return .unhandled
        }
    }

    static func body(_ view: QuestionsPresenter.View, width: Int, height: Int, scroll: inout Int) -> [FrameLine] {
        var lines = [FrameLine(), FrameLine("  " + view.header, .muted), FrameLine()]
        lines += Draw.paragraph(view.question, width: width - 4, indent: 2, style: .bold)
        lines.append(FrameLine())
        for answer in view.answers {
            let (mark, style): (String, TextStyle) = switch answer.mark {
            case .right: (" ✓ ", .good)
            case .wrong: (" ✗ ", .bad)
            case .none: ("   ", answer.isCursor ? .selected : .plain)
            }
            let text = answer.text ?? "♪ \(answer.letter): press its number to hear it"
            for (line, part) in TextLayout.wrap(text, width: max(10, width - 9)).enumerated() {
                lines.append(FrameLine("  " + (line == 0 ? "\(mark)\(answer.letter). " : "      ") + part, style))
            }
        }
        if let listening = view.listening { lines += [FrameLine()] + Draw.paragraph(listening, width: width - 2, indent: 2, style: .muted) }
        if let confirming = view.confirming {
            return lines + [FrameLine()] + Draw.paragraph(confirming + " (y/n)", width: width - 2, indent: 2, style: .bad)
        }
        if let feedback = view.feedback {
            lines += [FrameLine()] + Draw.paragraph(feedback.text, width: width - 2, indent: 2, style: Draw.style(feedback.tone))
            if let explanation = view.explanation { lines += Draw.paragraph(explanation, width: width - 4, indent: 2) }
        }
        if let summary = view.summary {
            lines += [FrameLine()] + Draw.paragraph("\(summary) Press g to start again.", width: width - 2, indent: 2, style: .accent)
        }
        return lines
    }
}
