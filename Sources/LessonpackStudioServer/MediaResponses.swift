import Foundation
import HTTPTypes
import Hummingbird
import LessonpackModel
import LessonpackStudio
import LessonpackSystem

/// A module's media file served to the page's players, with byte ranges (a `<video>` seeks by asking for the part
/// it needs) and streamed in pieces, so a long video never sits in memory. The path comes from the request, so it
/// passes every rule a source's media path does, and is opened with no link on the way.
enum MediaResponses {
    static func file(_ path: String, in moduleFolder: String, range: String?) -> Response {
        guard MediaFolder.problem(with: path) == nil, MediaKind(fileExtension: (path as NSString).pathExtension) != nil,
              case .success(let file) = MediaFolder(moduleFolder: moduleFolder).open(path) else {
            return Answers.failure(StudioError(.notFound, "there is no media file by that name"))
        }
        let size = file.size
        var status = HTTPResponse.Status.ok
        var lower = 0, upper = size - 1
        var headers = Answers.common
        headers[.contentType] = contentType(path)
        headers[.acceptRanges] = "bytes"
        if let range {
            guard let (first, last) = byteRange(range, size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
            (lower, upper, status) = (first, last, .partialContent)
            headers[.contentRange] = "bytes \(first)-\(last)/\(size)"
        }
        let length = max(0, upper - lower + 1)
        headers[.contentLength] = String(length)
        let start = UInt64(lower)
        return Response(status: status, headers: headers, body: ResponseBody(contentLength: length) { writer in
            var offset = start
            var remaining = length
            while remaining > 0 {
                let chunk = try file.read(at: offset, count: min(remaining, 1 << 20))
                if chunk.isEmpty { break }
                try await writer.write(ByteBuffer(bytes: chunk))
                offset += UInt64(chunk.count)
                remaining -= chunk.count
            }
            try await writer.finish(nil)
        })
    }

    /// One range of `bytes=first-last`, `bytes=first-` or `bytes=-suffix`; nil when it cannot be served (several
    /// ranges are answered with the first, as browsers ask for one).
    static func byteRange(_ header: String, size: Int) -> (Int, Int)? {
        guard header.hasPrefix("bytes="), size > 0 else { return nil }
        let first = header.dropFirst(6).split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let parts = first.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0 else { return nil }
            return (max(0, size - suffix), size - 1)
        }
        guard let lower = Int(parts[0]), lower >= 0, lower < size else { return nil }
        if parts[1].isEmpty { return (lower, size - 1) }
        guard let upper = Int(parts[1]), upper >= lower else { return nil }
        return (lower, min(upper, size - 1))
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "mp4", "m4v": "video/mp4"
        case "webm": "video/webm"
        case "mkv": "video/x-matroska"
        case "mov": "video/quicktime"
        case "ogv": "video/ogg"
        case "opus", "ogg", "oga": "audio/ogg"
        case "mp3": "audio/mpeg"
        case "m4a", "aac": "audio/mp4"
        case "flac": "audio/flac"
        case "wav": "audio/wav"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        // An SVG from a module could hold script: it is served as plain text, never as a document.
        case "svg", "srt": "text/plain; charset=utf-8"
        case "vtt": "text/vtt; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
