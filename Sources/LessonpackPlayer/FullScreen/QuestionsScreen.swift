import Foundation
import LessonpackActivities
import LessonpackModel
import TerminalText

/// Activity 6: a question, its answers A, B and C, and feedback once checked.
final class QuestionsScreen: Screen {
    private let questions: QuestionsController
    private var current = 0
    private var cursor = 0

    init(_ questions: QuestionsController) { self.questions = questions }

    var title: String { ActivityKind.questions.numbered(in: questions.session.module) }
    let helpID = "questions"
    let help = ["a, b, c (or ↑ ↓ and Enter): answer", "p: hear the question; 1, 2, 3: hear an answer",
                "→ or n: the next question, ←: the previous one", "g: a new attempt, with the answers reshuffled",
                "q: back to the contents"]
    let hints = "a/b/c answer · p hear · ←→ questions · g again · q back"

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        let engine = questions.engine
        guard engine.presented.indices.contains(current) else { return [] }
        let shown = engine.presented[current]
        let feedback = engine.feedback[shown.question.id]
        var lines = [FrameLine(), FrameLine("  Question \(current + 1) of \(engine.presented.count) · attempt \(engine.attempt) · " +
                                            "\(engine.feedback.count) answered", .muted), FrameLine()]
        lines += Draw.paragraph(shown.question.text, width: width - 4, indent: 2, style: .bold)
        lines.append(FrameLine())
        for index in shown.order.indices {
            var style: TextStyle = index == cursor && feedback == nil ? .selected : .plain
            var mark = "   "
            if let feedback {
                if index == feedback.correctLetter { style = .good; mark = " ✓ " }
                else if index == feedback.chosenLetter { style = .bad; mark = " ✗ " }
            }
            lines.append(FrameLine("  \(mark)\(letter(index)). " + TextLayout.fit(shown.answer(at: index).text, width: width - 12), style))
        }
        if let feedback {
            lines.append(FrameLine())
            lines.append(FrameLine(feedback.isCorrect ? "  Right." : "  Not quite: the answer is \(letter(feedback.correctLetter)).",
                                   feedback.isCorrect ? .good : .bad))
            if let explanation = feedback.explanation { lines += Draw.paragraph(explanation, width: width - 4, indent: 2) }
        }
        if engine.feedback.count == engine.presented.count {
            let score = engine.result(at: now).score
            lines += [FrameLine(), FrameLine("  All answered: \(score?.correct ?? 0) of \(score?.total ?? 0) right. Press g for a new attempt.",
                                             .accent)]
        }
        return lines
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        let presented = questions.engine.presented
        guard presented.indices.contains(current) else { return .back }
        let shown = presented[current]
        switch key {
        case .up: cursor = max(0, cursor - 1)
        case .down: cursor = min(shown.order.count - 1, cursor + 1)
        case .enter, .space: return answer(cursor, now: now)
        case .right, .character("n"), .tab: move(1)
        case .left: move(-1)
        case .character("p"): questions.playQuestion(shown.question.id)
        case .character("g"):
            questions.newAttempt(at: now)
            current = 0
            cursor = 0
            return .message("New attempt: the answers are in a new order.")
        case .character("q"), .escape: return .back
        case .character(let character):
            if let digit = character.wholeNumberValue, shown.order.indices.contains(digit - 1) {
                questions.playAnswer(shown.question.id, letter: digit - 1)
            } else if let index = "abcdefgh".firstIndex(of: Character(character.lowercased())),
                      case let letterIndex = "abcdefgh".distance(from: "abcdefgh".startIndex, to: index),
                      shown.order.indices.contains(letterIndex) {
                return answer(letterIndex, now: now)
            }
        default: break
        }
        return .none
    }

    private func answer(_ letterIndex: Int, now: Date) -> ScreenAction {
        let id = questions.engine.presented[current].question.id
        guard questions.engine.feedback[id] == nil else { return .message("Already answered: → for the next question.") }
        questions.choose(id, letter: letterIndex, at: now)
        _ = questions.check(id, at: now)
        return .none
    }

    private func move(_ step: Int) {
        let count = questions.engine.presented.count
        current = (current + step + count) % count
        cursor = 0
    }

    func leave(now: Date) { questions.leave(at: now) }
}
