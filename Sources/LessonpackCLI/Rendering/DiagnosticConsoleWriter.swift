import LessonpackDiagnostics
import TerminalText

/// Writes diagnostics for people, as compilers do: `path:line:col: error: message [code]`, then the source line
/// with a caret under the column, then any notes the same way. Colour only when asked for. Messages quote what the
/// sources say and excerpts are the sources themselves, so both are escaped for the terminal before styling.
struct DiagnosticConsoleWriter {
    let style: Style
    let excerpts = SourceExcerpts()

    /// Lines longer than this are shown as a window around the column.
    private let maximumExcerptWidth = 120

    func render(_ diagnostic: Diagnostic) -> String {
        var output = header(diagnostic.location, severity: diagnostic.severity,
                            message: TerminalSafe.line(diagnostic.message) + " "
                                + style.dim("[\(TerminalSafe.line(diagnostic.code.rawValue))]"))
        output += excerpt(at: diagnostic.location)
        for note in diagnostic.notes {
            if let location = note.location {
                output += header(location, severity: .note, message: TerminalSafe.line(note.message))
                output += excerpt(at: location)
            } else {
                output += style.cyan("note:") + " " + TerminalSafe.line(note.message) + "\n"
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
        // A failure that concerns no file (a missing folder, a key that does not load) is the program's own word.
        let place = location.file.isEmpty ? "lessonpack" : "\(location)"
        return style.bold(TerminalSafe.line(place) + ":") + " " + label + " " + message + "\n"
    }

    private func excerpt(at location: SourceLocation) -> String {
        guard let position = location.position, let line = excerpts.line(position.line, of: location.file)
        else { return "" }
        var scalars = line.scalars[...]
        var caretIndex = min(max(0, position.column - 1), scalars.count)
        var prefix = ""
        var suffix = ""
        // Keep a long line readable: show the stretch around the column.
        if line.width > maximumExcerptWidth || scalars.count > maximumExcerptWidth {
            let start = max(0, caretIndex - maximumExcerptWidth / 2)
            let end = min(scalars.count, start + maximumExcerptWidth)
            if start > 0 { prefix = "…" }
            if end < scalars.count { suffix = "…" }
            scalars = scalars[start..<end]
            caretIndex -= start
        }
        // Each scalar is escaped on its own, so the caret still lines up under the one it points at.
        var quoted = prefix
        var padding = prefix.isEmpty ? "" : " "
        var index = 0
        for scalar in scalars {
            let pointedPast = index < caretIndex
            index += 1
            if (0x20..<0x7F).contains(scalar.value) {
                quoted.unicodeScalars.append(scalar)
                if pointedPast { padding += " " }
                continue
            }
            let shown = scalar == "\t" ? "\t" : TerminalSafe.line(String(scalar))
            quoted += shown
            if pointedPast { padding += scalar == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of(shown)) }
        }
        quoted += suffix
        let number = String(position.line)
        let gutter = String(repeating: " ", count: number.count)
        return " \(number) | \(quoted)\n \(gutter) | \(padding)" + style.green("^") + "\n"
    }
}
