import Foundation
import LessonpackModel
import LessonpackPresentation

/// Plain mode, activity 1: the video's clock, its subtitles, and its transcript.
enum PlainVideo: PlainActivityView {
    typealias Presenter = VideoPresenter

    static func introduction(_ view: VideoPresenter.View) -> [String] {
        [view.length + " 'play' starts it (with sound where there is a player), 'now' shows the clock and the " +
         "subtitle, 'transcript' shows every line."]
    }

    static func describe(_ view: VideoPresenter.View) -> [String] {
        var lines = ["\(view.clock), \(view.state.rawValue), subtitles \(view.subtitlesOn ? "on" : "off")"]
        if let line = view.subtitle { lines.append("\(line.speaker): \(line.text)") }
        if let line = view.upcoming { lines.append("Next, at \(line.start): \(line.speaker): \(line.text)") }
        return lines
    }

    static let commands = [
        "play / pause: start or stop the video", "now: the time and the current subtitle",
        "seek M:SS: go to a time", "rewind / forward: 5 seconds back or on", "replay N: play line N again",
        "subtitles on|off", "transcript: every line with its time",
    ]

    static func read(_ words: [String], view: VideoPresenter.View) -> PlainCommand<VideoPresenter.Event> {
        let argument = words.dropFirst().first
        switch words.first?.lowercased() {
        case "play": return .events([.play])
        case "pause": return .events([.pause])
        case "now": return .events([])
        case "rewind": return .events([.rewind])
        case "forward": return .events([.forward])
        case "seek":
            guard let seconds = argument.flatMap(TimeText.seconds(from:)) else { return .show(["Say where: seek 1:05"]) }
            return .events([.seek(seconds)])
        case "replay":
            guard let index = PlainWords.index(argument, count: view.lineCount) else {
                return PlainWords.askNumber("line", command: "replay", count: view.lineCount)
            }
            return .events([.replayLine(index)])
        case "subtitles":
            switch argument?.lowercased() {
            case "on"?: return .events([.setSubtitles(true)])
            case "off"?: return .events([.setSubtitles(false)])
            default: return .events([.toggleSubtitles])
            }
        case "transcript":
            if let hidden = view.hidden { return .show([hidden]) }
            return .show(view.transcript.enumerated().map { index, line in
                "\(index + 1). [\(line.start)] \(line.speaker): \(line.text)"
            })
        default: return .unknown
        }
    }

    static func reply(to events: [VideoPresenter.Event], message: Message?, view: VideoPresenter.View) -> [String] {
        PlainWords.say(message) + describe(view)
    }
}
