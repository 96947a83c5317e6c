import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 8: the test, item by item, then the results with what was wrong and why.
enum PlainTest: PlainActivityView {
    typealias Presenter = TestPresenter

    static func introduction(_ view: TestPresenter.View) -> [String] {
        guard view.results == nil else { return [] }
        return ["\(view.items.count) items. Answer sentences with 'true' or 'false', choices with their letter " +
                "(or number). 'finish' when you are done."]
    }

    static func describe(_ view: TestPresenter.View) -> [String] {
        if let results = view.results { return self.results(results) }
        guard let item = view.item else { return [] }
        var lines = ["Item \(item.number) of \(view.items.count): \(item.text)"]
        if item.choices.isEmpty {
            lines.append("  true or false?" + (item.mark == nil || item.mark == TestPresenter.View.Mark.none ? "" : " (you said \(item.answerText))"))
        } else {
            for choice in item.choices { lines.append("  \(choice.letter). \(choice.text)" + (choice.chosen ? " (your answer)" : "")) }
        }
        return lines
    }

    static let commands = ["true / false (or t / f, c / i): answer a sentence",
                           "A, B, C… (either case, or the choice's number): answer a multiple-choice item",
                           "skip / previous / item N: move between items", "clear: take back this item's answer",
                           "list: every item with your answer", "finish: end the test and see your results (asks first if some items are not answered)",
                           "results: the results of your last finished test"]

    static func read(_ words: [String], view: TestPresenter.View) -> PlainCommand<TestPresenter.Event> {
        let word = words.first?.lowercased() ?? ""
        if view.confirming != nil {
            switch word {
            case "yes", "y": return .events([.finishNow])
            case "no", "n": return .events([.cancelFinish])
            default: return .show([(view.confirming ?? "") + " Please answer yes or no."])
            }
        }
        switch word {
        case "skip", "next": return .events([.move(1)])
        case "previous": return .events([.move(-1)])
        case "item":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.items.count) else {
                return PlainWords.askNumber("item", command: "item", count: view.items.count)
            }
            return .events([.go(index)])
        case "clear": return .events([.clear])
        case "list": return .show(view.items.map { "\($0.number). \($0.text) — \($0.answerText)" })
        case "finish": return .events([.finish])
        case "results": return .events([.showLastResults])
        default: break
        }
        // Earlier results on show do not stop the learner answering this test.
        guard words.count == 1, let item = view.item, view.results == nil || view.results?.earlier != nil else {
            return .unknown
        }
        if item.choices.isEmpty {
            switch word {
            case "true", "t", "correct", "c": return .events([.mark(.correct), .nextUnanswered])
            case "false", "f", "incorrect", "i": return .events([.mark(.incorrect), .nextUnanswered])
            default: return .unknown
            }
        }
        guard let index = answerIndex(word, count: item.choices.count) else {
            // The presenter says why a statement's answer does not fit.
            return ["true", "false", "correct", "incorrect"].contains(word)
                ? .events([.mark(["true", "correct"].contains(word) ? .correct : .incorrect)]) : .unknown
        }
        return .events([.choose(index), .nextUnanswered])
    }

    static func reply(to events: [TestPresenter.Event], message: Message?, view: TestPresenter.View) -> [String] {
        switch events.first {
        case .finish?:
            if let confirming = view.confirming { return [confirming + " (yes/no)"] }
            return PlainWords.say(message) + (view.results.map(results) ?? [])
        case .cancelFinish?: return ["Your answers are kept."] + describe(view)
        case .finishNow?, .showLastResults?: return PlainWords.say(message) + (view.results.map(results) ?? [])
        default: return message.map { [$0.text] } ?? describe(view)
        }
    }

    static func results(_ results: TestPresenter.View.Results) -> [String] {
        var lines = (results.earlier.map { [$0] } ?? []) + ["\(results.score): \(results.counts)."]
        for objective in results.objectives { lines.append("  \(objective.percent)  \(objective.text)") }
        if !results.review.isEmpty { lines.append("To review:") }
        for item in results.review { lines.append("  \(item.prompt) \(item.text)") }
        return lines
    }
}
