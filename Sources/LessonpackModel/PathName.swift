import Foundation

/// The one rule for a relative path inside a module or a bundle: a media file's name in media.plist, an entry's
/// name in a bundle. `check` and `build` apply it to what an author wrote, and every reader of a bundle to what the
/// bundle says, so a name `build` accepts is never one `verify` refuses, and no name can lead outside its folder,
/// forge a line on a terminal or pass for another name.
package enum PathName {
    /// The longest name, in UTF-8 bytes: more than any real name needs, less than every file system allows.
    package static let maxBytes = 512

    package enum Problem: Equatable, Sendable {
        case empty
        case invalidUTF8
        case tooLong(bytes: Int)
        case absolute
        case backslash
        case driveLetter
        /// `..`, `.` or an empty part (`a//b`, a trailing `/`).
        case badPart
        /// A control character (C0, DEL or C1), a line or paragraph separator.
        case controlCharacter(Unicode.Scalar)
        /// An invisible format character: a bidirectional override, a zero-width space or joiner.
        case invisibleCharacter(Unicode.Scalar)
    }

    /// What is wrong with `path`, or nil. `rawByteCount` is the length as stored, when that can differ.
    package static func problem(_ path: String, rawByteCount: Int? = nil, validUTF8: Bool = true) -> Problem? {
        if !validUTF8 { return .invalidUTF8 }
        if path.isEmpty { return .empty }
        let length = rawByteCount ?? path.utf8.count
        if length > maxBytes { return .tooLong(bytes: length) }
        if path.hasPrefix("/") { return .absolute }
        if path.utf8.contains(UInt8(ascii: "\\")) { return .backslash }
        for scalar in path.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return .controlCharacter(scalar)
            case .format: return .invisibleCharacter(scalar)
            default: continue
            }
        }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
            return .badPart
        }
        let scalars = Array(path.unicodeScalars.prefix(2))
        if scalars.count == 2, scalars[1] == ":", scalars[0].isASCII, scalars[0].properties.isAlphabetic {
            return .driveLetter
        }
        return nil
    }

    /// A sentence for `problem`, naming the character or the rule.
    package static func describe(_ problem: Problem) -> String {
        switch problem {
        case .empty: "the name is empty"
        case .invalidUTF8: "the name is not valid UTF-8"
        case .tooLong(let bytes): "the name is \(bytes) bytes long; the limit is \(maxBytes)"
        case .absolute: "the path is absolute; write it relative to its folder"
        case .backslash: "the name contains '\\'; separate folders with '/'"
        case .driveLetter: "the path starts with a drive letter"
        case .badPart: "the path has '..', '.' or empty parts"
        case .controlCharacter(let scalar): "the name contains the control character \(codePoint(scalar))"
        case .invisibleCharacter(let scalar): "the name contains the invisible character \(codePoint(scalar))"
        }
    }

    /// Names that would be one file on a case-insensitive or normalising file system, or that look the same to a
    /// person (compatibility forms such as full-width letters), fold to the same key.
    package static func foldedKey(_ path: String) -> String {
        // An ASCII name is its own compatibility form and folds to its lower case: the same key without Foundation's
        // Unicode tables, which cost the player about 4% of its start-up (a bundle's names are folded three times).
        if path.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: path.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return path.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil)
    }

    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
