#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Text for a terminal that is not set up for UTF-8 (`LANG=C`, a serial console): there, ✓, arrows, accents and box
/// borders would print as bytes of garbage, so they are written in ASCII instead: symbols as look-alikes, accented
/// letters without their accents, anything else as '?'.
package enum AsciiFallback {
    /// Whether the terminal's locale (LC_ALL, LC_CTYPE, LANG, as the C library reads them) uses UTF-8. A locale
    /// that names UTF-8 but is not installed still counts: the terminal is what matters, not the locale files.
    package static func terminalIsUTF8(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let named = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LANG"].flatMap { $0.isEmpty ? nil : $0 }
        guard let named else { return false }
        let lowered = named.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// `text` in ASCII.
    package static func text(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isASCII {
                output.append(character)
            } else if let symbol = symbols[character] {
                output += symbol
            } else {
                // An accented letter is its base letter and combining marks: keep the letter.
                let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII)
                output += base.isEmpty ? "?" : String(String.UnicodeScalarView(base))
            }
        }
        return output
    }

    private static let symbols: [Character: String] = [
        "✓": "+", "✗": "x", "●": "*", "○": "o", "•": "*", "▶": ">", "◀": "<", "❚": "|", "■": "#", "▏": "|",
        "━": "=", "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "♪": "~",
        "←": "<-", "→": "->", "↑": "^", "↓": "v", "·": "-", "–": "-", "—": "-", "…": "...", "×": "x",
        "‘": "'", "’": "'", "“": "\"", "”": "\"", "«": "\"", "»": "\"", "\u{00A0}": " ", "ß": "ss", "æ": "ae",
        "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "€": "EUR",
        "£": "GBP",
    ]
}
