import Foundation

/// Which encoding a file that is not what it claims was most likely saved in. Windows-1252 and ISO-8859-1 agree
/// except at 0x80–0x9F, where Windows-1252 has curly quotes, dashes and the euro sign and ISO-8859-1 has invisible
/// control characters: a file with such bytes read as ISO-8859-1 passes every check and shows garbage, so
/// ISO-8859-1 is only suggested when no byte falls there.
enum EncodingAdvice: Equatable {
    /// `example` is a byte from 0x80–0x9F the file holds.
    case windows1252(example: UInt8)
    case latin1

    var encodingName: String {
        switch self {
        case .windows1252: "windows-1252"
        case .latin1: "ISO-8859-1"
        }
    }

    var declaration: String { "<?xml version=\"1.0\" encoding=\"\(encodingName)\"?>" }

    /// For a file read as UTF-8: judged by the bytes that are not part of a valid UTF-8 character (the 0x93 in the
    /// UTF-8 for "–", E2 80 93, is not a Windows-1252 quote). Also the first such byte, to show.
    static func forInvalidUTF8(_ bytes: [UInt8]) -> (advice: EncodingAdvice, firstInvalidByte: UInt8?) {
        var first: UInt8?
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            let length = validUTF8Length(bytes, at: index)
            if length > 0 {
                index += length
                continue
            }
            let byte = bytes[index]
            first = first ?? byte
            if (0x80...0x9F).contains(byte), Windows1252.character(for: byte) != nil {
                return (.windows1252(example: byte), first)
            }
            index += 1
        }
        return (.latin1, first)
    }

    /// For a file whose named encoding cannot decode `byte`.
    static func forUndecodableByte(_ byte: UInt8?, declared: String?) -> EncodingAdvice {
        guard let byte, (0x80...0x9F).contains(byte), Windows1252.character(for: byte) != nil,
              declared?.lowercased().filter({ $0.isNumber }) != "1252"
        else { return .latin1 }
        return .windows1252(example: byte)
    }

    /// The length of the valid UTF-8 character at `index`, or 0: the well-formed sequences of Unicode's table 3-7,
    /// so overlong forms and encoded surrogates are not valid.
    private static func validUTF8Length(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let (length, secondRange): (Int, ClosedRange<UInt8>) = switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0x80...0xBF)
        }
        guard length > 0, index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}

/// What Windows-1252 puts where ISO-8859-1 has its C1 control characters.
package enum Windows1252 {
    /// The character Windows-1252 encodes as `byte`; nil for the five bytes it leaves undefined (0x81, 0x8D, 0x8F,
    /// 0x90, 0x9D) and for the ASCII range, which needs no naming.
    package static func character(for byte: UInt8) -> Character? {
        guard byte >= 0x80, let text = String(bytes: [byte], encoding: .windowsCP1252), text.count == 1 else {
            return nil
        }
        return text.first
    }
}
