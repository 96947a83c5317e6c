import Foundation

/// A field of a CSV file (RFC 4180), for the reports, the progress export and the glossary export alike.
package enum CSVField {
    /// Quoted when needed; a text that a spreadsheet would run as a formula (OWASP's list of first characters) is
    /// made plain text first. Numbers keep their sign.
    package static func escaped(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(text) == nil {
            text = "'" + text
        }
        let quoted = text.contains { ",\"\n\r".contains($0) }
        return quoted ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
