import Foundation
import LessonpackModel

/// Plain mode, activity 1: the video's clock, its subtitles, and its transcript.
final class PlainVideo: PlainActivity {
    let video: VideoController
    var controller: ActivityController { video }

    init(_ video: VideoController) { self.video = video }

    func describe(at now: Date) -> [String] {
        ["The conversation lasts \(PlainWords.time(video.engine.duration)). 'play' starts it (with sound where there is " +
         "a player), 'now' shows the clock and the subtitle, 'transcript' shows every line."] + status(at: now)
    }

    let commands = [
        "play / pause: start or stop the video", "now: the time and the current subtitle",
        "seek M:SS: go to a time", "rewind / forward: 5 seconds back or on", "replay N: play line N again",
        "subtitles on|off", "transcript: every line with its time",
    ]

    func handle(_ words: [String], at now: Date) -> [String]? {
        let engine = video.engine
        switch words.first {
        case "play": if !engine.isPlaying { video.togglePlay(at: now) }
        case "pause": if engine.isPlaying { video.togglePlay(at: now) }
        case "now": break
        case "rewind": video.rewind(at: now)
        case "forward": video.forward(at: now)
        case "seek":
            guard let seconds = words.dropFirst().first.flatMap(TimeText.seconds(from:)) else { return ["Say where: seek 1:05"] }
            video.seek(to: seconds, at: now)
        case "replay":
            guard let index = PlainWords.index(words.dropFirst().first, count: engine.lines.count) else {
                return ["Say which line: replay 3 (1–\(engine.lines.count))"]
            }
            video.replay(line: engine.lines[index].id, at: now)
        case "subtitles":
            let wanted = words.dropFirst().first
            if (wanted == "on") != engine.subtitlesOn || wanted == nil { video.toggleSubtitles(at: now) }
        case "transcript":
            return engine.lines.enumerated().map { index, line in
                "\(index + 1). [\(PlainWords.time(line.start))] \(speaker(line)): \(line.text)"
            }
        default: return nil
        }
        return status(at: now)
    }

    private func status(at now: Date) -> [String] {
        let engine = video.engine
        let clock = "\(PlainWords.time(engine.position(at: now))) / \(PlainWords.time(engine.duration))"
        let state = engine.hasEnded(at: now) ? "ended" : engine.isPlaying ? "playing" : "paused"
        var lines = ["\(clock), \(state), subtitles \(engine.subtitlesOn ? "on" : "off")"]
        if let line = engine.subtitle(at: now) { lines.append("\(speaker(line)): \(line.text)") }
        return lines
    }

    private func speaker(_ line: TranscriptLine) -> String {
        video.session.module.speakers.first { $0.id == line.speaker }?.name ?? line.speaker
    }
}
