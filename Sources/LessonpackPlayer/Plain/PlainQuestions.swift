import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 6: one question at a time; a letter answers it, and the next unanswered one follows.
enum PlainQuestions: PlainActivityView {
    typealias Presenter = QuestionsPresenter

    static func introduction(_ view: QuestionsPresenter.View) -> [String] {
        ["Listen to each question and choose A, B or C. 'hear' plays the question, 'hear B' an answer."]
    }

    static func describe(_ view: QuestionsPresenter.View) -> [String] {
        var lines = ["\(view.header): \(view.question)"]
        for answer in view.answers {
            lines.append("  \(answer.letter). " + (answer.text ?? "(listen: 'hear \(answer.letter)')"))
        }
        if let listening = view.listening { lines.append(listening) }
        return lines
    }

    static let commands = ["A, B or C: answer the question", "hear / hear B: play the question or an answer",
                           "next / question N: another question", "again: start again, answers in a new order (asks first)"]

    static func read(_ words: [String], view: QuestionsPresenter.View) -> PlainCommand<QuestionsPresenter.Event> {
        let first = words.first?.lowercased()
        if view.confirming != nil {
            switch first {
            case "yes", "y": return .events([.newAttemptNow])
            case "no", "n": return .events([.keepAnswers])
            default: return .show([(view.confirming ?? "") + " Please answer yes or no."])
            }
        }
        switch first {
        case "next": return .events([.move(1)])
        case "question":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.total) else {
                return PlainWords.askNumber("question", command: "question", count: view.total)
            }
            return .events([.go(index)])
        case "again": return .events([.newAttempt])
        case "hear":
            guard let word = words.dropFirst().first else { return .events([.hearQuestion]) }
            guard let index = answerIndex(word, count: view.answers.count) else {
                return .show(["Say which answer: hear B"])
            }
            return .events([.hearAnswer(index)])
        default:
            guard words.count == 1, let word = words.first, let index = answerIndex(word, count: view.answers.count) else {
                return .unknown
            }
            return .events([.answer(index)])
        }
    }

    static func reply(to events: [QuestionsPresenter.Event], message: Message?, view: QuestionsPresenter.View) -> [String] {
        switch events.first {
        case .answer?: PlainWords.say(message) + (view.feedback == nil ? [] : view.explanation.map { [$0] } ?? [])
        case .move?, .go?: PlainWords.say(message) + describe(view)
        case .newAttempt?: view.confirming == nil ? PlainWords.say(message) + describe(view) : [(view.confirming ?? "") + " (yes/no)"]
        case .newAttemptNow?: PlainWords.say(message) + describe(view)
        default: PlainWords.say(message)
        }
    }

    /// After an answer, on to the next question not yet answered.
    static func followUp(after events: [QuestionsPresenter.Event], view: QuestionsPresenter.View) -> [QuestionsPresenter.Event] {
        if case .answer? = events.first, view.feedback != nil, view.summary == nil { return [.advance] }
        return []
    }
}
