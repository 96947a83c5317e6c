import LessonpackDiagnostics
import LessonpackPlayer

/// Writes diagnostics for people, as compilers do: `path:line:col: error: message [code]`, then the source line
/// with a caret under the column, then any notes the same way. Colour only when asked for.
struct DiagnosticConsoleWriter {
    let style: Style
    let excerpts = SourceExcerpts()

    /// Lines longer than this are shown as a window around the column.
    private let maximumExcerptWidth = 120

    func render(_ diagnostic: Diagnostic) -> String {
        var output = header(diagnostic.location, severity: diagnostic.severity,
                            message: diagnostic.message + " " + style.dim("[\(diagnostic.code)]"))
        output += excerpt(at: diagnostic.location)
        for note in diagnostic.notes {
            if let location = note.location {
                output += header(location, severity: .note, message: note.message)
                output += excerpt(at: location)
            } else {
                output += style.cyan("note:") + " " + note.message + "\n"
            }
        }
        return output
    }

    private func header(_ location: SourceLocation, severity: Severity, message: String) -> String {
        let label: String = switch severity {
        case .error: style.red("error:")
        case .warning: style.magenta("warning:")
        case .note: style.cyan("note:")
        }
        return style.bold("\(location):") + " " + label + " " + message + "\n"
    }

    private func excerpt(at location: SourceLocation) -> String {
        guard let position = location.position, let fullLine = excerpts.line(position.line, of: location.file)
        else { return "" }
        var scalars = Array(fullLine.unicodeScalars)
        var caretIndex = min(max(0, position.column - 1), scalars.count)
        var prefix = ""
        // Keep a long line readable: show the stretch around the column.
        if DisplayWidth.of(fullLine) > maximumExcerptWidth {
            let start = max(0, caretIndex - maximumExcerptWidth / 2)
            let end = min(scalars.count, start + maximumExcerptWidth)
            if start > 0 { prefix = "…" }
            let suffix = end < scalars.count ? "…" : ""
            scalars = Array(scalars[start..<end]) + suffix.unicodeScalars
            caretIndex -= start
        }
        let quoted = prefix + String(String.UnicodeScalarView(scalars))
        var padding = prefix.isEmpty ? "" : " "
        for scalar in scalars.prefix(caretIndex) {
            padding += scalar == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of(scalar))
        }
        let number = String(position.line)
        let gutter = String(repeating: " ", count: number.count)
        return " \(number) | \(quoted)\n \(gutter) | \(padding)" + style.green("^") + "\n"
    }
}
