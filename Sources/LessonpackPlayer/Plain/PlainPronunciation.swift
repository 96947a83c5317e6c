import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 5: hear, record, compare, line by line.
enum PlainPronunciation: PlainActivityView {
    typealias Presenter = PronunciationPresenter

    static func introduction(_ view: PronunciationPresenter.View, _ strings: Strings) -> [String] {
        [strings.text("plain.intro.pronunciation")]
    }

    static func describe(_ view: PronunciationPresenter.View, _ strings: Strings) -> [String] {
        guard let line = view.line else { return [view.position] }
        var lines = ["\(view.position): \(line.text) (\(view.status))"]
        if let failure = view.failure { lines.append(strings.text("plain.pronunciation.last-time", ["reason": failure])) }
        if let result = view.intonation { lines += IntonationDrawing.lines(result, width: 80) }
        else if let status = view.intonationStatus { lines.append(status) }
        return lines
    }

    static func commands(_ strings: Strings) -> [String] { PlainWords.lines(strings.text("plain.commands.pronunciation")) }

    static func read(_ words: [String], view: PronunciationPresenter.View, _ strings: Strings) -> PlainCommand<PronunciationPresenter.Event> {
        switch words.first?.lowercased() {
        case "next": return .events([.move(1)])
        case "previous": return .events([.move(-1)])
        case "line":
            guard let index = PlainWords.index(words.dropFirst().first, count: view.rows.count) else {
                return PlainWords.askNumber(strings.text("plain.thing.line"), command: "line", count: view.rows.count, strings)
            }
            return .events([.select(index)])
        case "original": return .events([.hearOriginal])
        case "record": return .events([.record])
        case "slow": return PlainWords.slowed(words.dropFirst().first, strings) { .hearSlowly($0) }
        case "compare":
            switch words.dropFirst().first?.lowercased() {
            case "turns"?: return .events([.compare(.sequential)])
            case "both"?, nil: return .events([.compare(.simultaneous)])
            default: return .show([strings.text("plain.pronunciation.compare")])
            }
        case "lines":
            return .show(view.rows.map { "\($0.number). \($0.text)" + ($0.recorded ? " " + strings.text("plain.pronunciation.recorded") : "") })
        default: return .unknown
        }
    }

    static func reply(to events: [PronunciationPresenter.Event], message: Message?,
                      view: PronunciationPresenter.View, _ strings: Strings) -> [String] {
        switch events.first {
        case .move?, .select?: describe(view, strings)
        case .record?:
            // The recording's analysis is in by now (plain mode waits for it): its score and the contours.
            PlainWords.say(message) + (view.intonation.map { IntonationDrawing.lines($0, width: 80).dropFirst().map { $0 } } ?? [])
        default: PlainWords.say(message)
        }
    }
}
