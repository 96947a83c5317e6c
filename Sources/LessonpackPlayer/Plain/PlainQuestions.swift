import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 6: one question at a time; a letter answers it, and the next unanswered one follows.
enum PlainQuestions: PlainActivityView {
    typealias Presenter = QuestionsPresenter

    static func introduction(_ view: QuestionsPresenter.View, _ strings: Strings) -> [String] {
        [strings.text("plain.intro.questions")]
    }

    static func describe(_ view: QuestionsPresenter.View, _ strings: Strings) -> [String] {
        var lines = ["\(view.header): \(view.question)"]
        for answer in view.answers {
            lines.append("  \(answer.letter). " + (answer.text ?? strings.text("plain.questions.listen", ["letter": answer.letter])))
        }
        if let listening = view.listening { lines.append(listening) }
        return lines
    }

    static func commands(_ strings: Strings) -> [String] { PlainWords.lines(strings.text("plain.commands.questions")) }

    static func read(_ words: [String], view: QuestionsPresenter.View, _ strings: Strings) -> PlainCommand<QuestionsPresenter.Event> {
        let first = words.first?.lowercased()
        if view.confirming != nil {
            switch first {
            case "yes", "y": return .events([.newAttemptNow])
            case "no", "n": return .events([.keepAnswers])
            default: return .show([(view.confirming ?? "") + " " + strings.text("plain.answer-yes-no")])
            }
        }
        switch first {
        case "next": return .events([.move(1)])
        case "question":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.total) else {
                return PlainWords.askNumber(strings.text("plain.thing.question"), command: "question", count: view.total, strings)
            }
            return .events([.go(index)])
        case "again": return .events([.newAttempt])
        case "hear":
            guard let word = words.dropFirst().first else { return .events([.hearQuestion]) }
            guard let index = answerIndex(word, count: view.answers.count) else {
                return .show([strings.text("plain.questions.which-answer")])
            }
            return .events([.hearAnswer(index)])
        default:
            guard words.count == 1, let word = words.first, let index = answerIndex(word, count: view.answers.count) else {
                return .unknown
            }
            return .events([.answer(index)])
        }
    }

    static func reply(to events: [QuestionsPresenter.Event], message: Message?, view: QuestionsPresenter.View, _ strings: Strings) -> [String] {
        switch events.first {
        case .answer?: PlainWords.say(message) + (view.feedback == nil ? [] : view.explanation.map { [$0] } ?? [])
        case .move?, .go?: PlainWords.say(message) + describe(view, strings)
        case .newAttempt?: view.confirming == nil ? PlainWords.say(message) + describe(view, strings) : [(view.confirming ?? "") + " " + strings.text("plain.yes-no")]
        case .newAttemptNow?: PlainWords.say(message) + describe(view, strings)
        default: PlainWords.say(message)
        }
    }

    /// After an answer, on to the next question not yet answered.
    static func followUp(after events: [QuestionsPresenter.Event], view: QuestionsPresenter.View) -> [QuestionsPresenter.Event] {
        if case .answer? = events.first, view.feedback != nil, view.summary == nil { return [.advance] }
        return []
    }
}
