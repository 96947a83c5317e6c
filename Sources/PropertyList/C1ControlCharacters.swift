import Foundation
import XMLStream

/// U+0080–U+009F, the C1 control characters: invisible, and never typed on purpose. In a lesson they are nearly
/// always Windows-1252's curly quotes, dashes and ellipsis (0x91–0x97, 0x85) from a file read as ISO-8859-1, which
/// puts its control characters at those bytes, or the middle of a UTF-8 character read as ISO-8859-1 ("â\u{80}¦"
/// for "…"); they pass every other check and show as garbage or nothing.
enum C1ControlCharacters {
    struct Finding {
        /// In characters from the start of the text.
        var offset: Int
        var value: UInt32
        var count: Int
        /// When the control character is the middle of a UTF-8 sequence read as ISO-8859-1 ("â\u{80}¦" for "…"),
        /// the character that sequence encodes.
        var utf8Character: Character?
    }

    /// The first C1 control character in `text`, and how many there are in all.
    static func find(in text: String) -> Finding? {
        // In UTF-8 each is C2 80 to C2 9F: a byte scan spares the text that has none, which is nearly all of it.
        guard text.utf8.withContiguousStorageIfAvailable(containsC1) ?? Array(text.utf8).withUnsafeBufferPointer(containsC1)
        else { return nil }
        var finding: Finding?
        var previous: [UInt32] = []
        for (offset, character) in text.enumerated() {
            guard let scalar = character.unicodeScalars.first else { continue }
            defer { previous = Array((previous + [scalar.value]).suffix(3)) }
            guard (0x80...0x9F).contains(scalar.value) else { continue }
            if finding == nil {
                finding = Finding(offset: offset, value: scalar.value, count: 0,
                                  utf8Character: utf8Character(around: previous, text: text, offset: offset))
            }
            finding?.count += 1
        }
        return finding
    }

    /// Whether UTF-8 `bytes` hold a C1 control character (C2 80 to C2 9F).
    static func containsC1(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // memchr finds the rare 0xC2 lead byte many bytes at a time; every string's text passes through here.
        guard var cursor = bytes.baseAddress else { return false }
        let end = cursor + bytes.count
        while cursor < end, let found = memchr(cursor, 0xC2, end - cursor) {
            let lead = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if lead + 1 < end, (0x80...0x9F).contains(lead[1]) { return true }
            cursor = lead + 1
        }
        return false
    }

    /// The character a UTF-8 sequence spells when its bytes were read one per character: a lead byte among the
    /// three characters before the control character at `offset`, and the sequence it starts decoding cleanly.
    private static func utf8Character(around previous: [UInt32], text: String, offset: Int) -> Character? {
        guard let leadIndex = previous.lastIndex(where: { (0xC2...0xF4).contains($0) }) else { return nil }
        let lead = previous[leadIndex]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        let start = offset - (previous.count - leadIndex)
        guard start + length > offset else { return nil }
        let bytes = text.dropFirst(start).prefix(length).compactMap { character -> UInt8? in
            guard let value = character.unicodeScalars.first?.value, value <= 0xFF else { return nil }
            return UInt8(value)
        }
        guard bytes.count == length, let decoded = String(validating: bytes, as: UTF8.self), decoded.count == 1
        else { return nil }
        return decoded.first
    }

    /// What to tell the author: the character it probably stands for, and what to change. A file that declares
    /// ISO-8859-1 (or a sibling) is fixed by declaring Windows-1252; elsewhere the character itself must change.
    static func message(for finding: Finding, declaredEncoding: String?) -> String {
        let code = "U+00" + String(finding.value, radix: 16, uppercase: true)
        let others = finding.count > 1 ? " (and \(finding.count - 1) more in this text)" : ""
        let isLatinFile = declaredEncoding.map(isLatin) ?? false
        if let meant = finding.utf8Character {
            if isLatinFile, let declared = declaredEncoding {
                return "\(code) is an invisible control character, part of \(meant) in UTF-8: the file looks like " +
                    "UTF-8 read as \(declared); write encoding=\"UTF-8\" in the XML declaration\(others)"
            }
            return "\(code) is an invisible control character, part of \(meant) written in UTF-8 and read back as " +
                "ISO-8859-1: write \(meant) instead\(others)"
        }
        let likely = Windows1252.character(for: UInt8(finding.value)).map { " \($0)" } ?? ""
        if isLatinFile, let declared = declaredEncoding {
            return "\(code) is an invisible control character, probably\(likely) from a Windows-1252 file read as " +
                "\(declared): write encoding=\"windows-1252\" in the XML declaration\(others)"
        }
        let fix = likely.isEmpty ? "remove it or write the character meant" : "write\(likely) instead"
        return "\(code) is an invisible control character, probably\(likely) from Windows-1252 text read as " +
            "ISO-8859-1: \(fix)\(others)"
    }

    /// ISO-8859-1 and the encodings that share its control characters at 0x80–0x9F.
    private static func isLatin(_ encoding: String) -> Bool {
        let name = encoding.uppercased().filter { $0.isLetter || $0.isNumber }
        return name.hasPrefix("ISO8859") || name.hasPrefix("LATIN") || name == "L1" || name.hasPrefix("ISOLATIN")
    }
}
