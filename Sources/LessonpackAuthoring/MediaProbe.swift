import Foundation
import LessonpackModel
import LessonpackSystem

/// What a look inside a media file found: whether it is what its extension says, and how long it plays.
package enum ProbeFinding: Equatable, Sendable {
    /// It reads as its kind; audio and video carry their duration when the file states one.
    case decoded(duration: Double?)
    /// It does not read as the kind its extension names: a text file called `.opus`, an audio file called `.mp4`.
    case refused(String)
}

/// Looks inside media files. `media scan` never records a file on the strength of its extension alone.
package protocol MediaProbe: Sendable {
    /// Nil when the probe can run; otherwise why not (the tool is not installed).
    var unavailableReason: String? { get }
    func probe(fileAt path: String, kind: MediaKind, fileExtension: String) -> ProbeFinding
}

/// ffprobe reads the container and its streams: the format must be one the extension names and hold a stream of
/// the file's kind. SVG, which ffprobe does not read, is checked to be an SVG document.
package struct FFProbe: MediaProbe {
    private let tool: ExternalTool?
    /// A probe that runs longer is stuck on a damaged file.
    static let timeLimit: TimeInterval = 30
    /// ffprobe's answer is a few hundred bytes; anything past this is not an answer.
    static let outputLimit = 256 << 10

    package init(tool: ExternalTool? = ExternalTool.find("ffprobe")) { self.tool = tool }

    package var unavailableReason: String? {
        tool == nil ? "ffprobe is not installed (it comes with ffmpeg)" : nil
    }

    /// The names ffprobe gives the container formats each extension may hold.
    static func formats(forExtension fileExtension: String) -> Set<String> {
        switch fileExtension.lowercased() {
        case "mp4", "m4v", "mov", "m4a": ["mov", "mp4", "m4a"]
        case "webm", "mkv": ["matroska", "webm"]
        case "ogv", "ogg", "oga", "opus": ["ogg"]
        case "wav": ["wav"]
        case "mp3": ["mp3"]
        case "aac": ["aac"]
        case "flac": ["flac"]
        case "png": ["png_pipe"]
        case "jpg", "jpeg": ["jpeg_pipe"]
        case "gif": ["gif"]
        case "webp": ["webp_pipe"]
        case "vtt": ["webvtt"]
        case "srt": ["srt"]
        default: []
        }
    }

    package func probe(fileAt path: String, kind: MediaKind, fileExtension: String) -> ProbeFinding {
        switch fileExtension.lowercased() {
        case "svg": return Self.sniff(path, as: "an SVG document (no <svg> element)") { $0.contains("<svg") }
        // ffprobe takes any text for WebVTT; the format's first line is what makes a file one.
        case "vtt": return Self.sniff(path, as: "a WebVTT file (its first line must be WEBVTT)") { text in
            let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
            // By scalar: "\r\n" is one Character, so a Character test would miss a lone "\n".
            let after = body.unicodeScalars.dropFirst(6).first
            return body.hasPrefix("WEBVTT") && (after.map { [" ", "\t", "\r", "\n"].contains($0) } ?? true)
        }
        case "srt": return Self.sniff(path, as: "a SubRip file (no '-->' timing line)") { $0.contains("-->") }
        default: break
        }
        guard let tool else { return .decoded(duration: nil) }
        let expected = Self.formats(forExtension: fileExtension)
        guard let output = Self.run(tool, on: path, formats: expected) else { return .refused("ffprobe could not be started") }
        if output.timedOut { return .refused("ffprobe gave no answer within \(Int(Self.timeLimit)) s") }
        guard output.succeeded, let report = try? JSONDecoder().decode(Report.self, from: output.standardOutput),
              let format = report.format else {
            // Say what the file is, when it is another kind of media we read, rather than ffprobe's complaint.
            if let other = Self.run(tool, on: path, formats: Self.everyFormat), other.succeeded,
               let name = (try? JSONDecoder().decode(Report.self, from: other.standardOutput))?.format?.format_name {
                return .refused("it holds \(name) data, not the .\(fileExtension.lowercased()) its name says; " +
                                "rename or convert it")
            }
            return .refused("it does not read as \(kind.rawValue)")
        }
        // The format is one the extension names: ffprobe was allowed no other demuxer.
        let streamType = switch kind {
        case .audio: "audio"
        case .video, .image: "video"
        case .subtitles: "subtitle"
        }
        guard report.streams.contains(where: { $0.codec_type == streamType }) else {
            return .refused("it has no \(streamType) stream")
        }
        guard kind == .audio || kind == .video else { return .decoded(duration: nil) }
        let duration = format.duration.flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? ($0 * 1000).rounded() / 1000 : nil }
        return .decoded(duration: duration)
    }

    /// Every demuxer any of our extensions names: none of them opens another file or a URL.
    static let everyFormat: Set<String> = Set(MediaKind.allCases.flatMap(\.fileExtensions).flatMap { formats(forExtension: $0) })

    /// ffprobe on `path`, allowed only the `formats` demuxers and only the file itself: a playlist named .mp4
    /// must not send ffprobe off to fetch what it lists.
    static func run(_ tool: ExternalTool, on path: String, formats: Set<String>) -> ExternalTool.Output? {
        try? tool.run(["-v", "error", "-protocol_whitelist", "file", "-format_whitelist", formats.sorted().joined(separator: ","),
                       "-show_entries", "format=format_name,duration:stream=codec_type", "-of", "json", "--", path],
                      timeout: timeLimit, outputLimit: outputLimit)
    }

    /// Text formats ffprobe does not tell apart from other text: their first kilobytes say what they are.
    static func sniff(_ path: String, as what: String, _ looksRight: (String) -> Bool) -> ProbeFinding {
        guard let file = try? ReadableFile.open(path).get(), let head = try? file.read(at: 0, count: 4096) else {
            return .refused("it cannot be read")
        }
        return looksRight(String(decoding: head, as: UTF8.self)) ? .decoded(duration: nil) : .refused("it is not \(what)")
    }

    // ffprobe's JSON keys, as it writes them.
    private struct Report: Decodable {
        struct Format: Decodable {
            var format_name: String
            var duration: String?
        }
        struct Stream: Decodable {
            var codec_type: String?
        }
        var format: Format?
        var streams: [Stream] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            format = try container.decodeIfPresent(Format.self, forKey: .format)
            streams = try container.decodeIfPresent([Stream].self, forKey: .streams) ?? []
        }
        enum Keys: String, CodingKey { case format, streams }
    }
}
