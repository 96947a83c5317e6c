import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 5: hear, record, compare, line by line.
enum PlainPronunciation: PlainActivityView {
    typealias Presenter = PronunciationPresenter

    static func introduction(_ view: PronunciationPresenter.View) -> [String] {
        ["Say each line like the original: 'original' plays it, 'record' records you, 'compare both' plays you " +
         "both at once (original left, you right), 'compare turns' one after the other."]
    }

    static func describe(_ view: PronunciationPresenter.View) -> [String] {
        guard let line = view.line else { return [view.position] }
        var lines = ["\(view.position): \(line.text) (\(view.status))"]
        if let failure = view.failure { lines.append("Last time: \(failure)") }
        if let result = view.intonation { lines += IntonationDrawing.lines(result, width: 80) }
        else if let status = view.intonationStatus { lines.append(status) }
        return lines
    }

    static let commands = ["original: hear the line", "record: record yourself saying it",
                           "compare both|turns: hear yourself with the original",
                           "slow [0.75|0.5]: hear the original slower, the same voice", "next / previous / line N: choose a line",
                           "lines: every line, with what you have done"]

    static func read(_ words: [String], view: PronunciationPresenter.View) -> PlainCommand<PronunciationPresenter.Event> {
        switch words.first?.lowercased() {
        case "next": return .events([.move(1)])
        case "previous": return .events([.move(-1)])
        case "line":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.rows.count) else {
                return PlainWords.askNumber("line", command: "line", count: view.rows.count)
            }
            return .events([.select(index)])
        case "original": return .events([.hearOriginal])
        case "record": return .events([.record])
        case "slow": return PlainWords.slowed(words.dropFirst().first) { .hearSlowly($0) }
        case "compare":
            switch words.dropFirst().first?.lowercased() {
            case "turns"?: return .events([.compare(.sequential)])
            case "both"?, nil: return .events([.compare(.simultaneous)])
            default: return .show(["compare both, or compare turns"])
            }
        case "lines":
            return .show(view.rows.map { "\($0.number). \($0.text)" + ($0.recorded ? " (recorded)" : "") })
        default: return .unknown
        }
    }

    static func reply(to events: [PronunciationPresenter.Event], message: Message?,
                      view: PronunciationPresenter.View) -> [String] {
        switch events.first {
        case .move?, .select?: describe(view)
        case .record?:
            // The recording's analysis is in by now (plain mode waits for it): its score and the contours.
            PlainWords.say(message) + (view.intonation.map { IntonationDrawing.lines($0, width: 80).dropFirst().map { $0 } } ?? [])
        default: PlainWords.say(message)
        }
    }
}
