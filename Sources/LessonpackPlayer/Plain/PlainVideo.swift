import Foundation
import LessonpackModel
import LessonpackPresentation

/// Plain mode, activity 1: the video's clock, its subtitles, and its transcript.
enum PlainVideo: PlainActivityView {
    typealias Presenter = VideoPresenter

    static func introduction(_ view: VideoPresenter.View, _ strings: Strings) -> [String] {
        [view.length + " " + strings.text("plain.intro.video")]
    }

    static func describe(_ view: VideoPresenter.View, _ strings: Strings) -> [String] {
        let state = switch view.state {
        case .playing: strings.text("screen.video.playing")
        case .paused: strings.text("screen.video.paused")
        case .ended: strings.text("screen.video.ended")
        }
        var lines = ["\(view.clock), \(state), " + view.subtitles + (view.voices.map { ", " + $0 } ?? "")]
        if let line = view.subtitle { lines.append("\(line.speaker): \(line.text)") }
        if let line = view.upcoming, view.rolePlay?.line == nil {
            lines.append(strings.text("plain.video.next", ["time": line.start, "speaker": line.speaker, "text": line.text]))
        }
        if let rolePlay = view.rolePlay, rolePlay.state != .stopped { lines += describe(rolePlay) }
        return lines
    }

    /// A role play: whose lines, what the others say before the learner's next line, that line; once over, how each
    /// of the learner's lines went.
    static func describe(_ rolePlay: VideoPresenter.RolePlayView) -> [String] {
        var lines = [rolePlay.status]
        lines += rolePlay.before.map { "\($0.speaker): \($0.text)" }
        if let prompt = rolePlay.prompt { lines.append(prompt) }
        if let failure = rolePlay.failure { lines.append(failure) }
        if rolePlay.state == .over {
            lines += rolePlay.rows.map { row in
                "\(row.number). \(row.said ? "✓" : "·") \(row.text)" + (row.feedback.map { " — " + $0 } ?? "")
            }
        }
        return lines
    }

    static func commands(_ strings: Strings) -> [String] { PlainWords.lines(strings.text("plain.commands.video")) }

    static func read(_ words: [String], view: VideoPresenter.View, _ strings: Strings) -> PlainCommand<VideoPresenter.Event> {
        let argument = words.dropFirst().first
        switch words.first?.lowercased() {
        case "play": return .events([.play])
        case "pause": return .events([.pause])
        case "now": return .events([])
        case "rewind": return .events([.rewind])
        case "forward": return .events([.forward])
        case "seek":
            guard let seconds = argument.flatMap(TimeText.seconds(from:)) else { return .show([strings.text("plain.video.seek")]) }
            return .events([.seek(seconds)])
        case "replay":
            guard let index = PlainWords.index(argument, count: view.lineCount) else {
                return PlainWords.askNumber(strings.text("plain.thing.line"), command: "replay", count: view.lineCount, strings)
            }
            return .events([.replayLine(index)])
        case "subtitles":
            let named = words.dropFirst().joined(separator: " ").lowercased()
            switch argument?.lowercased() {
            case "on"?: return .events([.setSubtitles(true)])
            case "off"?: return .events([.setSubtitles(false)])
            case "everyone"?, "all"?: return .events([.subtitlesFor(speaker: nil)])
            case nil: return .events([.toggleSubtitles])
            default:
                // A speaker by name ("subtitles Helen", "subtitles only Helen"), or by number.
                let name = named.hasPrefix("only ") ? String(named.dropFirst(5)) : named
                if let index = speakerIndex(name, in: view.speakers) { return .events([.subtitlesFor(speaker: index)]) }
                return .show([strings.text("video.no-such-speaker", ["speakers": strings.list(view.speakers)])])
            }
        case "roleplay", "role":
            // "roleplay Helen", "role play Helen", "roleplay stop".
            var rest = words.dropFirst()
            if words.first?.lowercased() == "role", rest.first?.lowercased() == "play" { rest = rest.dropFirst() }
            let named = rest.joined(separator: " ").lowercased()
            switch named {
            case "": return .show([strings.text("plain.video.roleplay")])
            case "stop", "off", "end": return .events([.stopRolePlay])
            default:
                guard let index = speakerIndex(named, in: view.speakers) else {
                    return .show([strings.text("video.no-such-speaker", ["speakers": strings.list(view.speakers)])])
                }
                return .events([.playPart(speaker: index)])
            }
        case "say", "record": return .events([.sayLine])
        case "skip": return .events([.skipLine])
        case "hear":
            // "hear only Helen", "hear without Helen", "hear everyone", "hear mine".
            let rest = words.dropFirst()
            switch rest.first?.lowercased() {
            case "mine"?, "yours"?: return .events([.hearYours])
            case "everyone"?, "all"?: return .events([.hearEveryone])
            case "only"?, "without"?:
                let named = rest.dropFirst().joined(separator: " ").lowercased()
                guard let index = speakerIndex(named, in: view.speakers) else {
                    return .show([strings.text("video.no-such-speaker", ["speakers": strings.list(view.speakers)])])
                }
                return .events([rest.first?.lowercased() == "only" ? .hearOnly(speaker: index) : .hearWithout(speaker: index)])
            default:
                return .show([strings.text("plain.video.hear")])
            }
        case "transcript":
            if let hidden = view.hidden { return .show([hidden]) }
            return .show(view.transcript.enumerated().map { index, line in
                "\(index + 1). [\(line.start)] \(line.speaker): \(line.text)"
            })
        default: return .unknown
        }
    }

    /// A speaker named by their whole name, the start of one ("helen" for Helen Clarke) that fits one speaker only, or
    /// their number.
    static func speakerIndex(_ name: String, in speakers: [String]) -> Int? {
        let spoken = speakers.map { $0.lowercased() }
        let fitting = spoken.indices.filter { spoken[$0] == name || spoken[$0].hasPrefix(name + " ") }
        if let index = spoken.firstIndex(of: name) ?? (fitting.count == 1 ? fitting[0] : nil) { return index }
        if let number = Int(name), speakers.indices.contains(number - 1) { return number - 1 }
        return nil
    }

    static func reply(to events: [VideoPresenter.Event], message: Message?, view: VideoPresenter.View, _ strings: Strings) -> [String] {
        PlainWords.say(message) + describe(view, strings)
    }
}
