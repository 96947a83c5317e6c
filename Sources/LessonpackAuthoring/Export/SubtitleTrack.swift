import Foundation
import LessonpackModel

/// The transcript as subtitles. WebVTT for the preview's and the editor's `<video>`, which show subtitles straight
/// from the sources with no build, and for `export subtitles`: each cue names its speaker with a `<v>` tag, as the
/// WebVTT importer reads them. SubRip (SRT) for the players and editors that read only that: the speaker's name
/// starts the cue's text. Lines without a time span (not yet aligned) have no cue.
package enum SubtitleTrack {
    package enum Format: String, CaseIterable, Sendable {
        case vtt, srt
    }

    /// The lines that become cues: those whose end comes after their start.
    package static func timedLines(_ module: Module) -> [TranscriptLine] {
        module.transcript.filter { $0.end > $0.start && $0.start.isFinite && $0.end.isFinite }
    }

    package static func text(_ module: Module, as format: Format) -> String {
        switch format {
        case .vtt: webVTT(module)
        case .srt: subRip(module)
        }
    }

    package static func webVTT(_ module: Module) -> String {
        var text = "WEBVTT\n"
        for line in timedLines(module) {
            text += "\n\(cueID(line.id))\n\(timestamp(line.start)) --> \(timestamp(line.end))\n"
            text += "<v \(escaped(speakerName(line, in: module)))>\(escaped(line.text))\n"
        }
        return text
    }

    /// SubRip: cues numbered from 1, times with a decimal comma, a blank line after each. Its text is shown as
    /// written (players read only a few tags, and a learner's line has none), on one line.
    package static func subRip(_ module: Module) -> String {
        var text = ""
        for (index, line) in timedLines(module).enumerated() {
            let words = (speakerName(line, in: module) + ": " + line.text).map { $0.isNewline ? " " : $0 }
            text += "\(index + 1)\n"
            text += "\(timestamp(line.start, separator: ",")) --> \(timestamp(line.end, separator: ","))\n"
            text += String(words) + "\n\n"
        }
        return text
    }

    private static func speakerName(_ line: TranscriptLine, in module: Module) -> String {
        module.speakers.first { $0.id == line.speaker }?.name ?? line.speaker
    }

    /// hh:mm:ss.ttt, as WebVTT requires (hh:mm:ss,ttt for SubRip).
    static func timestamp(_ seconds: Double, separator: String = ".") -> String {
        let millis = Int((max(0, min(seconds, TimeText.longest)) * 1000).rounded())
        let (hours, rest) = millis.quotientAndRemainder(dividingBy: 3_600_000)
        let (minutes, rest2) = rest.quotientAndRemainder(dividingBy: 60_000)
        let (wholeSeconds, fraction) = rest2.quotientAndRemainder(dividingBy: 1000)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(wholeSeconds, 2))\(separator)\(pad(fraction, 3))"
    }

    /// A cue id may not contain "-->" or a line break.
    private static func cueID(_ id: String) -> String {
        id.replacingOccurrences(of: "-->", with: "").filter { !$0.isNewline }
    }

    /// Cue text is markup: `&`, `<` are escaped; line breaks would end the cue.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case _ where character.isNewline: result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
