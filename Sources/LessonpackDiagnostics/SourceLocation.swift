/// A point in a text file, as a person counts it: lines and columns both start at 1, and a column counts characters
/// (Unicode scalars), not bytes, so a caret lines up under the right letter in accented or non-Latin text.
package struct SourcePosition: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    package var description: String { "\(line):\(column)" }
}

/// Where a diagnostic points: a file and, when the problem has one, a position in it.
/// A problem with a whole file (a missing file, an unreadable folder) has no position.
package struct SourceLocation: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package var file: String
    package var position: SourcePosition?

    package init(file: String, position: SourcePosition? = nil) {
        self.file = file
        self.position = position
    }

    package init(file: String, line: Int, column: Int) {
        self.init(file: file, position: SourcePosition(line: line, column: column))
    }

    package var line: Int? { position?.line }
    package var column: Int? { position?.column }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        switch (lhs.position, rhs.position) {
        case let (l?, r?): return l < r
        case (nil, _?): return true   // whole-file problems come before positioned ones
        default: return false
        }
    }

    /// `file:line:col`, or just `file` for a whole-file problem: the prefix compilers and editors understand.
    package var description: String {
        guard let position else { return file }
        return "\(file):\(position.line):\(position.column)"
    }
}
