import Foundation
import LessonpackSystem
import TerminalText

/// The lines of source files, read once each, to quote under diagnostics. Each line is split into scalars and
/// measured once, however many diagnostics point into it: a file with 20,000 problems on one line must not cost
/// 20,000 passes over that line.
final class SourceExcerpts {
    struct Line {
        var scalars: [Unicode.Scalar]
        /// Terminal columns of the whole line.
        var width: Int
    }

    private var files: [String: [Substring]] = [:]
    private var lines: [String: [Int: Line]] = [:]

    func line(_ number: Int, of file: String) -> Line? {
        if let cached = lines[file]?[number] { return cached }
        if files[file] == nil { files[file] = Self.read(file) }
        guard let text = files[file], number >= 1, number <= text.count else { return nil }
        let scalars = Array(text[number - 1].unicodeScalars)
        let line = Line(scalars: scalars, width: scalars.reduce(0) { $0 + DisplayWidth.of($1) })
        lines[file, default: [:]][number] = line
        return line
    }

    /// Decodes a source file the way the XML reader did: a byte-order mark for UTF-16 or UTF-8, an encoding
    /// declaration for Latin-1, otherwise UTF-8 (with replacement characters where it is not). Only a regular file
    /// is quoted, never one reached through a link: a module source that is a link to a secret file is refused
    /// by the reader, and its first line must not then be printed under the refusal.
    private static func read(_ file: String) -> [Substring] {
        guard case .success(let bytes) = BoundedFile.read(file, limit: 64 << 20, links: .refuse) else { return [] }
        let data = Data(bytes)
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            text = String(data: data, encoding: .utf16) ?? ""
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        } else if let declaration = String(bytes: bytes.prefix(100), encoding: .ascii)?.lowercased(),
                  declaration.contains("encoding=\"iso-8859-1\"") || declaration.contains("encoding='iso-8859-1'")
                    || declaration.contains("encoding=\"latin1\"") {
            text = String(data: data, encoding: .isoLatin1) ?? ""
        } else {
            text = String(decoding: bytes, as: UTF8.self)
        }
        // Lines end where the XML reader counts them: at LF, CRLF ("\r\n" is one Character to Swift) and a lone
        // CR, as old Mac files have it.
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }
}
