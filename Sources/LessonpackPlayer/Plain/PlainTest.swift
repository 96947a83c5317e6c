import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 8: the test, item by item, then the results with what was wrong and why.
enum PlainTest: PlainActivityView {
    typealias Presenter = TestPresenter

    static func introduction(_ view: TestPresenter.View, _ strings: Strings) -> [String] {
        guard view.results == nil else { return [] }
        return [strings.text("plain.intro.test", ["count": "\(view.items.count)"])]
    }

    static func describe(_ view: TestPresenter.View, _ strings: Strings) -> [String] {
        if let results = view.results { return self.results(results, strings) }
        guard let item = view.item else { return [] }
        var lines = [strings.text("plain.test.item", ["number": "\(item.number)", "total": "\(view.items.count)", "text": item.text])]
        if item.choices.isEmpty {
            lines.append("  " + strings.text("plain.test.true-or-false") + (item.mark == nil || item.mark == TestPresenter.View.Mark.none ? ""
                : " " + strings.text("plain.test.you-said", ["answer": item.answerText])))
        } else {
            for choice in item.choices { lines.append("  \(choice.letter). \(choice.text)" + (choice.chosen ? " " + strings.text("plain.test.your-answer") : "")) }
        }
        return lines
    }

    static func commands(_ strings: Strings) -> [String] { PlainWords.lines(strings.text("plain.commands.test")) }

    static func read(_ words: [String], view: TestPresenter.View, _ strings: Strings) -> PlainCommand<TestPresenter.Event> {
        let word = words.first?.lowercased() ?? ""
        if view.confirming != nil {
            switch word {
            case "yes", "y": return .events([.finishNow])
            case "no", "n": return .events([.cancelFinish])
            default: return .show([(view.confirming ?? "") + " " + strings.text("plain.answer-yes-no")])
            }
        }
        switch word {
        case "skip", "next": return .events([.move(1)])
        case "previous": return .events([.move(-1)])
        case "item":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.items.count) else {
                return PlainWords.askNumber(strings.text("plain.thing.item"), command: "item", count: view.items.count, strings)
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

    static func reply(to events: [TestPresenter.Event], message: Message?, view: TestPresenter.View, _ strings: Strings) -> [String] {
        switch events.first {
        case .finish?:
            if let confirming = view.confirming { return [confirming + " " + strings.text("plain.yes-no")] }
            return PlainWords.say(message) + (view.results.map { results($0, strings) } ?? [])
        case .cancelFinish?: return [strings.text("plain.test.answers-kept")] + describe(view, strings)
        case .finishNow?, .showLastResults?: return PlainWords.say(message) + (view.results.map { results($0, strings) } ?? [])
        default: return message.map { [$0.text] } ?? describe(view, strings)
        }
    }

    static func results(_ results: TestPresenter.View.Results, _ strings: Strings) -> [String] {
        var lines = (results.earlier.map { [$0] } ?? [])
            + [strings.text("plain.test.score", ["score": results.score, "counts": results.counts])]
        for objective in results.objectives { lines.append("  \(objective.percent)  \(objective.text)") }
        if !results.review.isEmpty { lines.append(strings.text("screen.test.to-review")) }
        for item in results.review { lines.append("  \(item.prompt) \(item.text)") }
        return lines
    }
}
