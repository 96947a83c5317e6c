import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// Activity 6: a question, its answers A, B and C, and feedback once answered.
enum QuestionsScreen: ActivityScreenView {
    typealias Presenter = QuestionsPresenter

    static let helpID = "questions"
    static func help(_ strings: Strings) -> [String] { Draw.lines(strings.text("help.questions")) }

    static func hints(_ view: QuestionsPresenter.View, _ strings: Strings) -> String {
        view.confirming != nil ? strings.text("hints.questions.confirming")
            : strings.text("hints.questions")
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

    static func body(_ view: QuestionsPresenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine] {
        var lines = [FrameLine(), FrameLine("  " + view.header, .muted), FrameLine()]
        lines += Draw.paragraph(view.question, width: width - 4, indent: 2, style: .bold)
        lines.append(FrameLine())
        for answer in view.answers {
            let (mark, style): (String, TextStyle) = switch answer.mark {
            case .right: (" ✓ ", .good)
            case .wrong: (" ✗ ", .bad)
            case .none: ("   ", answer.isCursor ? .selected : .plain)
            }
            let text = answer.text ?? "♪ " + strings.text("screen.questions.hear-to-see", ["letter": answer.letter])
            for (line, part) in TextLayout.wrap(text, width: max(10, width - 9)).enumerated() {
                lines.append(FrameLine("  " + (line == 0 ? "\(mark)\(answer.letter). " : "      ") + part, style))
            }
        }
        if let listening = view.listening { lines += [FrameLine()] + Draw.paragraph(listening, width: width - 2, indent: 2, style: .muted) }
        if let confirming = view.confirming {
            return lines + [FrameLine()] + Draw.paragraph(confirming + " " + strings.text("screen.yes-no"), width: width - 2, indent: 2, style: .bad)
        }
        if let feedback = view.feedback {
            lines += [FrameLine()] + Draw.paragraph(feedback.text, width: width - 2, indent: 2, style: Draw.style(feedback.tone))
            if let explanation = view.explanation { lines += Draw.paragraph(explanation, width: width - 4, indent: 2) }
        }
        if let summary = view.summary {
            lines += [FrameLine()] + Draw.paragraph(summary + " " + strings.text("screen.questions.press-g"), width: width - 2, indent: 2, style: .accent)
        }
        return lines
    }
}
