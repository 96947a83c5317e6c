import Foundation
import LessonpackActivities
import LessonpackModel

/// Plain mode, activity 8: the test, item by item, then the results with what was wrong and why.
final class PlainTest: PlainActivity {
    let test: TestController
    var controller: ActivityController { test }
    private var current = 0

    init(_ test: TestController) { self.test = test }

    func describe(at now: Date) -> [String] {
        if let result = test.finalResult { return results(result) }
        return ["\(test.engine.drawn.count) items. Answer statements with 'correct' or 'incorrect', choices with their " +
                "letter. 'finish' when you are done."] + show()
    }

    let commands = ["correct / incorrect: answer a statement", "A, B, C…: answer a multiple-choice item",
                    "skip / previous / item N: move between items", "clear: take back this item's answer",
                    "list: every item with your answer", "finish: end the test and see your results"]

    func handle(_ words: [String], at now: Date) -> [String]? {
        let drawn = test.engine.drawn
        if test.finalResult != nil, words.first != "list" { return ["The test is over; 'back' returns to the contents."] }
        let shown = drawn[current]
        switch words.first {
        case "skip", "next": current = min(current + 1, drawn.count - 1)
        case "previous": current = max(current - 1, 0)
        case "item":
            guard let index = PlainWords.index(words.dropFirst().first, count: drawn.count) else { return ["item 1–\(drawn.count)"] }
            current = index
        case "clear": test.clear(shown.item.id, at: now)
        case "list": return list()
        case "finish": return results(test.finish(at: now))
        case "correct", "incorrect", "c", "i":
            guard case .statement = shown.item.kind else { return ["This item has choices: answer with a letter."] }
            let wanted: TriState = words[0].hasPrefix("c") ? .correct : .incorrect
            test.clear(shown.item.id, at: now)
            test.cycle(shown.item.id, at: now)
            if wanted == .incorrect { test.cycle(shown.item.id, at: now) }
            return advance()
        default:
            guard !shown.options.isEmpty, let option = PlainWords.letterIndex(words.first, count: shown.options.count) else {
                return nil
            }
            test.choose(shown.item.id, option: option, at: now)
            return advance()
        }
        return show()
    }

    /// After an answer: on to the next unanswered item, or say that all are answered.
    private func advance() -> [String] {
        let drawn = test.engine.drawn
        if let next = (current + 1..<drawn.count).first(where: { test.engine.answer(drawn[$0].item.id) == nil })
            ?? drawn.indices.first(where: { test.engine.answer(drawn[$0].item.id) == nil }) {
            current = next
            return show()
        }
        return ["Every item is answered. 'finish' to see your results, or 'item N' to change an answer."]
    }

    private func show() -> [String] {
        let shown = test.engine.drawn[current]
        var lines = ["Item \(current + 1) of \(test.engine.drawn.count): \(shown.item.text)"]
        if shown.options.isEmpty {
            lines.append("  correct or incorrect?")
        } else {
            for (index, option) in shown.options.enumerated() { lines.append("  \(letter(index)). \(option)") }
        }
        return lines
    }

    private func list() -> [String] {
        test.engine.drawn.enumerated().map { index, shown in
            "\(index + 1). \(shown.item.text) — " + answerText(shown)
        }
    }

    private func answerText(_ shown: TestEngine.Shown) -> String {
        switch test.engine.answer(shown.item.id) {
        case .tri(let state)?: state.rawValue
        case .option(let index)?: "\(letter(index)). \(shown.options[index])"
        case nil: "not answered"
        }
    }

    private func results(_ result: ActivityResult) -> [String] {
        let details = result.details
        var lines = ["Score: \(result.score?.correct ?? 0) of \(result.score?.total ?? 0) " +
                     "(\(Int((result.score?.percent ?? 0).rounded()))%): \(details["correct"] ?? "0") correct, " +
                     "\(details["incorrect"] ?? "0") incorrect, \(details["unanswered"] ?? "0") unanswered."]
        for objective in result.objectives { lines.append("  \(objective.objective): \(Int(objective.percent.rounded()))%") }
        let wrong = result.items.filter { $0.outcome != .correct }
        if !wrong.isEmpty { lines.append("To review:") }
        for item in wrong {
            let given = item.answer.map { "you said \($0)" } ?? "not answered"
            lines.append("  \(item.prompt) (\(given); the answer is \(item.expected ?? "?")). \(item.note ?? "")")
        }
        return lines
    }
}
