import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 2: mark each statement true or false, check, and replay the lines of a wrong one.
enum PlainVideoTask: PlainActivityView {
    typealias Presenter = VideoTaskPresenter

    static func introduction(_ view: VideoTaskPresenter.View, _ strings: Strings) -> [String] { [view.prompt] }

    static func describe(_ view: VideoTaskPresenter.View, _ strings: Strings) -> [String] {
        view.rows.map { row in
            let verdict = row.right.map { " " + strings.text($0 ? "plain.video-task.right" : "plain.video-task.wrong") } ?? ""
            // The mark is shown as the word that sets it: plain mode's commands are English words ("3 true").
            return "\(row.number). [\(VideoTaskPresenter.word(row.mark, Strings(.en)))] \(row.text)\(verdict)"
        }
    }

    static func commands(_ strings: Strings) -> [String] { PlainWords.lines(strings.text("plain.commands.video-task")) }

    static func read(_ words: [String], view: VideoTaskPresenter.View, _ strings: Strings) -> PlainCommand<VideoTaskPresenter.Event> {
        if view.confirming != nil {
            switch words.first?.lowercased() {
            case "yes", "y": return .events([.tryAgainNow])
            case "no", "n": return .events([.keepMarks])
            default: return .show([(view.confirming ?? "") + " " + strings.text("plain.answer-yes-no")])
            }
        }
        switch words.first?.lowercased() {
        case "list": return .show(describe(view, strings))
        case "check": return .events([.check])
        case "again": return .events([.tryAgain])
        case "replay":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.rows.count) else {
                return PlainWords.askNumber(strings.text("plain.thing.statement"), command: "replay", count: view.rows.count, strings)
            }
            return .events([.replay(index)])
        case "answers":
            let marks = words.dropFirst().compactMap(state)
            guard marks.count == words.count - 1 else { return .show([strings.text("plain.video-task.marks")]) }
            return .events([.markAll(marks)])
        default:
            guard let index = PlainWords.index(words.first, count: view.rows.count),
                  let mark = words.dropFirst().first.flatMap(state) else { return .unknown }
            return .events([.mark(index, mark)])
        }
    }

    static func reply(to events: [VideoTaskPresenter.Event], message: Message?, view: VideoTaskPresenter.View, _ strings: Strings) -> [String] {
        switch events.first {
        case .check?:
            guard let summary = view.summary else { return PlainWords.say(message) }
            var lines = [summary]
            for mistake in view.mistakes {
                lines.append(strings.text("plain.video-task.mistake", [
                    "number": "\(mistake.number)", "text": mistake.text, "truth": mistake.truth]))
                for line in mistake.lines { lines.append("  " + strings.text("plain.video-task.watch-again", ["time": line.start, "text": line.text])) }
            }
            return lines
        case .markAll?: return PlainWords.say(message) + describe(view, strings)
        case .tryAgain?:
            return view.confirming == nil ? PlainWords.say(message) + describe(view, strings) : [(view.confirming ?? "") + " " + strings.text("plain.yes-no")]
        case .tryAgainNow?: return PlainWords.say(message) + describe(view, strings)
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
