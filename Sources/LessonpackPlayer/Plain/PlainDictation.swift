import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, the dictation: 'listen', then 'write' and what you heard; the marks come back at once.
enum PlainDictation: PlainActivityView {
    typealias Presenter = DictationPresenter

    static func introduction(_ view: DictationPresenter.View) -> [String] {
        [view.instruction + " 'listen' plays the line, 'slow' plays it slower. Then type 'write' and what you " +
         "heard, e.g. 'write I am fine'. [+word]: you did not write it. [-word]: it is not in the line. " +
         "a→b: write b, not a."]
    }

    static func describe(_ view: DictationPresenter.View) -> [String] {
        var lines: [String] = []
        if view.total > 0 {
            let speaker = view.speaker.map { " (\($0))" } ?? ""
            lines.append(view.position + speaker + (view.written == nil ? ": not written yet." : ":"))
        } else {
            lines.append(view.position)
        }
        lines += marks(view)
        if let summary = view.summary { lines.append(summary) }
        return lines
    }

    /// What the learner wrote for the line and how it is marked.
    static func marks(_ view: DictationPresenter.View) -> [String] {
        guard let written = view.written, let line = view.line else { return [] }
        return ["You wrote: \(written)", "The line:  \(line)", "Marks:     " + view.marked.map(\.text).joined(separator: " ")]
            + view.notes + (view.score.map { [$0] } ?? [])
    }

    static let commands = ["listen: hear the line", "slow [0.75|0.5]: hear it slower",
                           "write WHAT YOU HEARD: send what you heard, e.g. 'write I am fine'",
                           "next / previous / line N: choose a line", "lines: every line, with your score",
                           "finish: end the dictation (lines not written count as wrong)",
                           "again: a new dictation, once this one is finished"]

    static func read(_ words: [String], view: DictationPresenter.View) -> PlainCommand<DictationPresenter.Event> {
        switch words.first?.lowercased() {
        case "listen", "hear": return .events([.hear])
        case "slow": return PlainWords.slowed(words.dropFirst().first) { .hearSlowly($0) }
        case "write":
            let text = words.dropFirst().joined(separator: " ")
            guard !text.isEmpty else { return .show(["Type 'write' and then what you heard, e.g. 'write I am fine'."]) }
            return .events([.write(text)])
        case "next": return .events([.move(1)])
        case "previous": return .events([.move(-1)])
        case "line":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.rows.count) else {
                return PlainWords.askNumber("line", command: "line", count: view.rows.count)
            }
            return .events([.select(index)])
        case "lines":
            return .show(view.rows.map { "\($0.number). " + ($0.text.map { $0 + " " } ?? "") + "(\($0.status))" })
        case "finish": return .events([.finish])
        case "again": return .events([.newAttempt])
        default: return .unknown
        }
    }

    static func reply(to events: [DictationPresenter.Event], message: Message?, view: DictationPresenter.View) -> [String] {
        switch events.first {
        case .write(let text)?:
            // The marks, unless the text was refused (then only why).
            guard accepted(text, view) else { return PlainWords.say(message) }
            return marks(view).filter { $0 != view.score } + PlainWords.say(message)
        case .move?, .select?: return describe(view)
        case .finish?:
            guard view.confirming != nil else { return PlainWords.say(message) }
            return PlainWords.say(message) + ["Type 'finish' again to finish, or go on writing."]
        case .newAttempt?: return PlainWords.say(message) + (view.summary == nil ? describe(view) : [])
        default: return PlainWords.say(message)
        }
    }

    static func followUp(after events: [DictationPresenter.Event], view: DictationPresenter.View) -> [DictationPresenter.Event] {
        guard case .write(let text)? = events.first, accepted(text, view), view.summary == nil else { return [] }
        return [.advance]
    }

    /// Whether `text` is what the line now holds: written, not refused.
    private static func accepted(_ text: String, _ view: DictationPresenter.View) -> Bool {
        view.written == String(text.prefix(DictationEngine.longestAnswer))
    }
}
