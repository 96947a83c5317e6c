import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, the dictation: 'listen', then 'write' and what you heard; the marks come back at once.
enum PlainDictation: PlainActivityView {
    typealias Presenter = DictationPresenter

    static func introduction(_ view: DictationPresenter.View, _ strings: Strings) -> [String] {
        [view.instruction + " " + strings.text("plain.intro.dictation")]
    }

    static func describe(_ view: DictationPresenter.View, _ strings: Strings) -> [String] {
        var lines: [String] = []
        if view.total > 0 {
            let speaker = view.speaker.map { " (\($0))" } ?? ""
            lines.append(view.position + speaker + (view.written == nil ? strings.text("plain.dictation.not-written") : ":"))
        } else {
            lines.append(view.position)
        }
        lines += marks(view, strings)
        if let summary = view.summary { lines.append(summary) }
        return lines
    }

    /// What the learner wrote for the line and how it is marked.
    static func marks(_ view: DictationPresenter.View, _ strings: Strings) -> [String] {
        guard let written = view.written, let line = view.line else { return [] }
        return [strings.text("plain.dictation.you-wrote", ["text": written]), strings.text("plain.dictation.the-line", ["text": line]),
                strings.text("plain.dictation.marks", ["marks": view.marked.map(\.text).joined(separator: " ")])]
            + view.notes + (view.score.map { [$0] } ?? [])
    }

    static func commands(_ strings: Strings) -> [String] { PlainWords.lines(strings.text("plain.commands.dictation")) }

    static func read(_ words: [String], view: DictationPresenter.View, _ strings: Strings) -> PlainCommand<DictationPresenter.Event> {
        switch words.first?.lowercased() {
        case "listen", "hear": return .events([.hear])
        case "slow": return PlainWords.slowed(words.dropFirst().first, strings) { .hearSlowly($0) }
        case "write":
            let text = words.dropFirst().joined(separator: " ")
            guard !text.isEmpty else { return .show([strings.text("plain.dictation.write")]) }
            return .events([.write(text)])
        case "next": return .events([.move(1)])
        case "previous": return .events([.move(-1)])
        case "line":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.rows.count) else {
                return PlainWords.askNumber(strings.text("plain.thing.line"), command: "line", count: view.rows.count, strings)
            }
            return .events([.select(index)])
        case "lines":
            return .show(view.rows.map { "\($0.number). " + ($0.text.map { $0 + " " } ?? "") + "(\($0.status))" })
        case "finish": return .events([.finish])
        case "again": return .events([.newAttempt])
        default: return .unknown
        }
    }

    static func reply(to events: [DictationPresenter.Event], message: Message?, view: DictationPresenter.View, _ strings: Strings) -> [String] {
        switch events.first {
        case .write(let text)?:
            // The marks, unless the text was refused (then only why).
            guard accepted(text, view) else { return PlainWords.say(message) }
            return marks(view, strings).filter { $0 != view.score } + PlainWords.say(message)
        case .move?, .select?: return describe(view, strings)
        case .finish?:
            guard view.confirming != nil else { return PlainWords.say(message) }
            return PlainWords.say(message) + [strings.text("plain.dictation.finish-again")]
        case .newAttempt?: return PlainWords.say(message) + (view.summary == nil ? describe(view, strings) : [])
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
