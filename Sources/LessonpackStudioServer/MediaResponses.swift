import Foundation
import HTTPTypes
import Hummingbird
import LessonpackModel
import LessonpackStudio
import LessonpackSystem

/// A module's media file served to the page's players, with byte ranges (a `<video>` seeks by asking for the part
/// it needs) and streamed in pieces, so a long video never sits in memory. The path comes from the request, so it
/// passes every rule a source's media path does, and is opened with no link on the way.
package enum MediaResponses {
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
        switch range.map({ byteRange($0, size: size) }) ?? .whole {
        case .whole:
            break
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .part(let first, let last):
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

    package enum RangeAnswer: Equatable {
        /// The header is ignored and the whole file sent: RFC 9110 §14.2 says so for a unit other than bytes and for
        /// a range set with any spec that is not written as the grammar says (`bytes=5-3`, `bytes=x`).
        case whole
        /// Well written, but no range in it starts within the file: 416.
        case unsatisfiable
        case part(first: Int, last: Int)
    }

    /// The range a `Range` header asks of a file of `size` bytes: `bytes=first-last`, `bytes=first-` or
    /// `bytes=-suffix`. Of several ranges, the first that can be served is (browsers ask for one).
    package static func byteRange(_ header: String, size: Int) -> RangeAnswer {
        guard let equals = header.firstIndex(of: "="), header[..<equals].lowercased() == "bytes" else { return .whole }
        func number(_ text: Substring) -> Int? { text.allSatisfy { $0.isASCII && $0.isNumber } ? Int(text) : nil }
        var specs: [(first: Int?, last: Int?)] = []
        for spec in header[header.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = spec.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            if trimmed.isEmpty { continue }  // a list may hold empty elements
            let parts = trimmed.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return .whole }
            if parts[0].isEmpty {
                guard !parts[1].isEmpty, let suffix = number(parts[1]) else { return .whole }
                specs.append((nil, suffix))
            } else {
                guard let first = number(parts[0]) else { return .whole }
                if parts[1].isEmpty { specs.append((first, nil)); continue }
                guard let last = number(parts[1]), last >= first else { return .whole }
                specs.append((first, last))
            }
        }
        guard !specs.isEmpty else { return .whole }
        for spec in specs {
            switch spec {
            case (nil, let suffix?) where suffix > 0 && size > 0:
                return .part(first: max(0, size - suffix), last: size - 1)
            case (let first?, let last) where first < size:
                return .part(first: first, last: min(last ?? size - 1, size - 1))
            default:
                continue
            }
        }
        return .unsatisfiable
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
