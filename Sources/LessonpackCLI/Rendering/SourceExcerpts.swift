import Foundation

/// The lines of source files, read once each, to quote under diagnostics.
final class SourceExcerpts {
    private var cache: [String: [Substring]] = [:]

    func line(_ number: Int, of file: String) -> Substring? {
        if cache[file] == nil { cache[file] = Self.read(file) }
        guard let lines = cache[file], number >= 1, number <= lines.count else { return nil }
        return lines[number - 1]
    }

    /// Decodes a source file the way the XML reader did: a byte-order mark for UTF-16 or UTF-8, an encoding
    /// declaration for Latin-1, otherwise UTF-8 (with replacement characters where it is not).
    private static func read(_ file: String) -> [Substring] {
        guard let data = FileManager.default.contents(atPath: file), data.count <= 64 << 20 else { return [] }
        let bytes = [UInt8](data)
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
        // "\r\n" is one Character to Swift, so split on both spellings of a line break.
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }
}
