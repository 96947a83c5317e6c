import Foundation
import LessonpackModel

/// The transcript as a WebVTT track, so the preview's and the editor's `<video>` show subtitles straight from the
/// sources, with no build. Each cue names its speaker with a `<v>` tag, as the WebVTT importer reads them.
package enum SubtitleTrack {
    package static func webVTT(_ module: Module) -> String {
        var text = "WEBVTT\n"
        for line in module.transcript where line.end > line.start && line.start.isFinite && line.end.isFinite {
            let speaker = module.speakers.first { $0.id == line.speaker }?.name ?? line.speaker
            text += "\n\(cueID(line.id))\n\(timestamp(line.start)) --> \(timestamp(line.end))\n"
            text += "<v \(escaped(speaker))>\(escaped(line.text))\n"
        }
        return text
    }

    /// hh:mm:ss.ttt, as WebVTT requires.
    static func timestamp(_ seconds: Double) -> String {
        let millis = Int((max(0, min(seconds, TimeText.longest)) * 1000).rounded())
        let (hours, rest) = millis.quotientAndRemainder(dividingBy: 3_600_000)
        let (minutes, rest2) = rest.quotientAndRemainder(dividingBy: 60_000)
        let (wholeSeconds, fraction) = rest2.quotientAndRemainder(dividingBy: 1000)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(wholeSeconds, 2)).\(pad(fraction, 3))"
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
