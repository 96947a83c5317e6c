import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// Activity 8: the drawn items one at a time, then the results with what was wrong and why; r shows the last
/// test's results again.
enum TestScreen: ActivityScreenView {
    typealias Presenter = TestPresenter

    static let helpID = "test"
    static func help(_ strings: Strings) -> [String] { Draw.lines(strings.text("help.test")) }

    static func hints(_ view: TestPresenter.View, _ strings: Strings) -> String {
        if view.results != nil {
            return strings.text(view.results?.earlier == nil ? "hints.test.results" : "hints.test.earlier-results")
        }
        if view.confirming != nil { return strings.text("hints.finish-or-keep-going") }
        if view.item?.choices.isEmpty == true { return strings.text("hints.test.statement") }
        return strings.text("hints.test.choice")
    }

    static func input(_ key: Key, view: TestPresenter.View) -> ScreenInput<TestPresenter.Event> {
        if let results = view.results {
            switch key {
            case .up: return .scroll(-1)
            case .down: return .scroll(1)
            case .escape where results.earlier != nil: return .events([.hideResults])
            case .character("q"), .escape, .enter: return .back
            default: return .unhandled
            }
        }
        if view.confirming != nil {
            return key == .character("y") ? .events([.finish]) : .events([.cancelFinish])
        }
        // On an item with choices, a letter or digit that names one chooses it, even f, q or r: those keys are
        // commands only where they are not answers (End finishes and Esc goes back from anywhere).
        if case .character(let character) = key, let item = view.item, !item.choices.isEmpty,
           let index = answerIndex(String(character), count: item.choices.count) {
            return .events([.choose(index)])
        }
        // On a sentence, c or t marks it true and i false, as plain mode's 'c' and 'i' do.
        if let item = view.item, item.choices.isEmpty {
            switch key {
            case .character("c"), .character("t"): return .events([.mark(.correct)])
            case .character("i"): return .events([.mark(.incorrect)])
            default: break
            }
        }
        switch key {
        case .right, .enter, .tab: return .events([.move(1)])
        case .left, .backTab: return .events([.move(-1)])
        case .space: return .events([.cycle])
        case .backspace: return .events([.clear])
        case .character("f"), .end: return .events([.finish])
        case .character("r"): return .events([.showLastResults])
        case .character("q"), .escape: return .back
        default: return .unhandled
        }
    }

    static func body(_ view: TestPresenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine] {
        if let results = view.results { return self.results(results, width: width, height: height, scroll: &scroll, strings: strings) }
        guard let item = view.item else { return [] }
        var lines = [FrameLine(), FrameLine("  " + view.header, .muted), FrameLine()]
        lines += Draw.paragraph(item.text, width: width - 4, indent: 2, style: .bold)
        lines.append(FrameLine())
        if let mark = item.mark {
            let state = switch mark {
            case .correct: "[✓] " + strings.text("statement.true")
            case .incorrect: "[✗] " + strings.text("statement.false")
            case .none: "[ ] " + strings.text("test.not-answered")
            }
            lines.append(FrameLine("  " + state, .accent))
        }
        for choice in item.choices {
            for (line, part) in TextLayout.wrap(choice.text, width: max(10, width - 8)).enumerated() {
                lines.append(FrameLine("  " + (line == 0 ? "\(choice.chosen ? "●" : "○") \(choice.letter). " : "     ") + part,
                                       choice.chosen ? .selected : .plain))
            }
        }
        lines.append(FrameLine())
        lines.append(FrameLine("  " + view.answered.map { $0 ? "●" : "·" }.joined(separator: " "), .muted))
        if let confirming = view.confirming {
            lines += [FrameLine()] + Draw.paragraph("\(confirming) " + strings.text("screen.yes-no"), width: width - 2, indent: 2, style: .bad)
        }
        return lines
    }

    private static func results(_ results: TestPresenter.View.Results, width: Int, height: Int,
                                scroll: inout Int, strings: Strings) -> [FrameLine] {
        var lines = [FrameLine()]
        if let earlier = results.earlier { lines.append(FrameLine("  " + earlier, .accent)) }
        lines += [FrameLine("  " + results.score, .bold), FrameLine("  " + results.counts, .muted), FrameLine()]
        for objective in results.objectives {
            for (part, text) in TextLayout.wrap(objective.text, width: max(10, width - 10)).enumerated() {
                let lead = part == 0 ? "  \(objective.percent)  " : String(repeating: " ", count: 4 + objective.percent.count)
                lines.append(FrameLine(lead + text, objective.good ? .good : .plain))
            }
        }
        var review: [FrameLine] = []
        for item in results.review {
            for (part, text) in TextLayout.wrap(item.prompt, width: max(10, width - 6)).enumerated() {
                review.append(FrameLine((part == 0 ? "  ✗ " : "    ") + text, .bad))
            }
            review += Draw.paragraph(item.text, width: width - 6, indent: 4)
        }
        if !review.isEmpty { lines += [FrameLine(), FrameLine("  " + strings.text("screen.test.to-review"), .accent)] }
        let room = max(1, height - lines.count)
        scroll = min(scroll, max(0, review.count - room))
        return lines + Array(review.dropFirst(scroll).prefix(room))
    }
}
