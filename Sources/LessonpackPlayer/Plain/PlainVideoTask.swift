import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 2: mark each statement true or false, check, and replay the lines of a wrong one.
enum PlainVideoTask: PlainActivityView {
    typealias Presenter = VideoTaskPresenter

    static func introduction(_ view: VideoTaskPresenter.View) -> [String] { [view.prompt] }

    static func describe(_ view: VideoTaskPresenter.View) -> [String] {
        view.rows.map { row in
            let verdict = row.right.map { $0 ? " (right)" : " (wrong)" } ?? ""
            // The mark is shown as the word that sets it: plain mode's commands are English words ("3 true").
            return "\(row.number). [\(VideoTaskPresenter.word(row.mark, Strings(.en)))] \(row.text)\(verdict)"
        }
    }

    static let commands = [
        "N true|false|empty: mark sentence N (t, f and - work too)",
        "answers t f - …: mark every sentence at once, in order",
        "list: the statements and your marks", "check: see how you did",
        "replay N: after checking, watch again the lines that show the answer to sentence N",
        "again: start again with empty boxes (asks first)",
    ]

    static func read(_ words: [String], view: VideoTaskPresenter.View) -> PlainCommand<VideoTaskPresenter.Event> {
        if view.confirming != nil {
            switch words.first?.lowercased() {
            case "yes", "y": return .events([.tryAgainNow])
            case "no", "n": return .events([.keepMarks])
            default: return .show([(view.confirming ?? "") + " Please answer yes or no."])
            }
        }
        switch words.first?.lowercased() {
        case "list": return .show(describe(view))
        case "check": return .events([.check])
        case "again": return .events([.tryAgain])
        case "replay":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.rows.count) else {
                return PlainWords.askNumber("statement", command: "replay", count: view.rows.count)
            }
            return .events([.replay(index)])
        case "answers":
            let marks = words.dropFirst().compactMap(state)
            guard marks.count == words.count - 1 else { return .show(["Use t, f or - for each sentence."]) }
            return .events([.markAll(marks)])
        default:
            guard let index = PlainWords.index(words.first, count: view.rows.count),
                  let mark = words.dropFirst().first.flatMap(state) else { return .unknown }
            return .events([.mark(index, mark)])
        }
    }

    static func reply(to events: [VideoTaskPresenter.Event], message: Message?, view: VideoTaskPresenter.View) -> [String] {
        switch events.first {
        case .check?:
            guard let summary = view.summary else { return PlainWords.say(message) }
            var lines = [summary]
            for mistake in view.mistakes {
                lines.append("Wrong: \(mistake.number). \(mistake.text) \(mistake.truth) ('replay \(mistake.number)' to watch again)")
                for line in mistake.lines { lines.append("  Watch again at \(line.start): \(line.text)") }
            }
            return lines
        case .markAll?: return PlainWords.say(message) + describe(view)
        case .tryAgain?:
            return view.confirming == nil ? PlainWords.say(message) + describe(view) : [(view.confirming ?? "") + " (yes/no)"]
        case .tryAgainNow?: return PlainWords.say(message) + describe(view)
        default: return PlainWords.say(message)
        }
    }

    static func state(_ word: String) -> TriState? {
        switch word.lowercased() {
        case "c", "correct", "true", "t", "yes": .correct
        case "i", "incorrect", "false", "f", "no": .incorrect
        case "-", "empty", "clear": .empty
        default: nil
        }
    }
}
