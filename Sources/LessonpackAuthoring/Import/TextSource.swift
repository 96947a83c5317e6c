import Foundation
import LessonpackDiagnostics

/// A text file an importer reads, as numbered lines. Files from other tools come in UTF-8 with or without a byte
/// order mark, in UTF-16 with one, and with any of the three line endings; all are accepted, anything else is
/// reported at the first byte that is not UTF-8.
///
/// A line ends at CR, LF or CRLF and nowhere else, as WebVTT ("WebVTT line terminator"), SubRip, CSV (RFC 4180),
/// GIFT and Aiken files all define it and as editors count lines. VT, FF, NEL (U+0085) and the Unicode line
/// and paragraph separators (U+2028, U+2029) stay in the line's text: each reader decides what they mean there
/// (the transcript readers read them as spaces, see `CueText.collapseWhitespace`), and a line number in a message
/// is one the author's editor shows, never one past the end of the file.
struct TextSource {
    struct Line {
        var number: Int
        var text: String
    }

    let file: String
    let lines: [Line]

    init(bytes: [UInt8], file: String) throws(ImportFailure) {
        self.file = file
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(data: Data(bytes), encoding: .utf16) else {
                throw ImportFailure(.error(.importEncoding, "the file starts like UTF-16 but is not",
                                           at: SourceLocation(file: file)))
            }
            text = decoded
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            guard let decoded = String(validating: body, as: UTF8.self) else {
                throw ImportFailure(.error(.importEncoding, "the file is not UTF-8: save it as UTF-8 (\"Unicode\") " +
                                           "and import it again", at: Self.firstInvalidByte(body, file: file)))
            }
            text = decoded
        }
        lines = Self.lines(text)
    }

    /// Splits at CR, LF and CRLF only. Swift's own line splitting (`isNewline`) would also break at VT, FF, NEL,
    /// U+2028 and U+2029, which no format we read counts as the end of a line. A text that ends with a line break
    /// has an empty last line, as before.
    private static func lines(_ text: String) -> [Line] {
        var lines: [Line] = []
        var current = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            if scalar == "\n", afterCarriageReturn { continue }  // the LF of a CRLF: the CR ended the line
            if scalar == "\n" || scalar == "\r" {
                lines.append(Line(number: lines.count + 1, text: String(current)))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(Line(number: lines.count + 1, text: String(current)))
        return lines
    }

    func location(_ line: Int, column: Int = 1) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// Runs of non-blank lines: the blocks subtitle cues and GIFT and Aiken questions are written in.
    var blocks: [[Line]] {
        var blocks: [[Line]] = []
        var current: [Line] = []
        for line in lines {
            if line.text.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { blocks.append(current) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    /// The line and column of the first character that is not UTF-8, for the error message. Lines are counted as
    /// `lines` counts them (CR, LF, CRLF); columns in code points, as the text cannot be split into characters.
    private static func firstInvalidByte(_ bytes: [UInt8], file: String) -> SourceLocation {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var (line, column) = (1, 1)
        var afterCarriageReturn = false
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n", afterCarriageReturn {
                    // The LF of a CRLF: the CR already started the line.
                } else if scalar == "\n" || scalar == "\r" {
                    (line, column) = (line + 1, 1)
                } else {
                    column += 1
                }
                afterCarriageReturn = scalar == "\r"
            case .emptyInput:
                return SourceLocation(file: file, line: line, column: column)
            case .error:
                return SourceLocation(file: file, line: line, column: column)
            }
        }
    }
}

/// An import that cannot go on, with the diagnostic that says why.
package struct ImportFailure: Error, CustomStringConvertible {
    package var diagnostic: Diagnostic
    init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
    package var description: String { "\(diagnostic.location): \(diagnostic.message)" }
}

extension ImportFailure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [diagnostic] }
}
