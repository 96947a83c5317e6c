import Foundation
import LessonpackDiagnostics

/// A text file an importer reads, as numbered lines. Files from other tools come in UTF-8 with or without a byte
/// order mark, in UTF-16 with one, and with any of the three line endings; all are accepted, anything else is
/// reported at the first byte that is not UTF-8.
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
        var lines: [Line] = []
        var number = 1
        // "\r\n" is one Character in Swift, so splitting on newlines handles all three endings at once.
        for piece in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lines.append(Line(number: number, text: String(piece)))
            number += 1
        }
        self.lines = lines
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

    /// The line and column of the first character that is not UTF-8, for the error message.
    private static func firstInvalidByte(_ bytes: [UInt8], file: String) -> SourceLocation {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var (line, column) = (1, 1)
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
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
