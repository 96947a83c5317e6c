import TerminalText

/// What a screen looks like, independent of how it is shown: lines of styled text. The full-screen display draws
/// it with curses; tests read it as plain text.
package struct Frame: Sendable, Equatable {
    package var lines: [FrameLine]

    package init(_ lines: [FrameLine] = []) { self.lines = lines }

    /// The frame as plain text, one string per line, trailing spaces removed.
    package var text: [String] {
        lines.map { line in
            var text = line.runs.map(\.text).joined()
            while text.last == " " { text.removeLast() }
            return text
        }
    }
}

package struct FrameLine: Sendable, Equatable {
    package var runs: [Run]

    package init(_ runs: [Run] = []) { self.runs = runs }
    package init(_ text: String, _ style: TextStyle = .plain) { runs = [Run(text, style)] }

    package var width: Int { runs.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    package static func + (lhs: FrameLine, rhs: FrameLine) -> FrameLine { FrameLine(lhs.runs + rhs.runs) }
}

package struct Run: Sendable, Equatable {
    package var text: String
    package var style: TextStyle

    package init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// How a run of text looks. Colours are a speaker's `#RRGGBB` or a role the display maps to its palette; on a
/// terminal without colours the display falls back to the attributes alone.
package struct TextStyle: Sendable, Hashable {
    package enum Colour: Sendable, Hashable {
        case rgb(UInt8, UInt8, UInt8)
        case accent, good, bad, muted
    }

    package var bold = false
    package var underline = false
    package var reverse = false
    package var dim = false
    package var foreground: Colour?

    package static let plain = TextStyle()
    package static let bold = TextStyle(bold: true)
    package static let selected = TextStyle(reverse: true)
    package static let muted = TextStyle(dim: true, foreground: .muted)
    package static let accent = TextStyle(bold: true, foreground: .accent)
    package static let good = TextStyle(bold: true, foreground: .good)
    package static let bad = TextStyle(bold: true, foreground: .bad)

    package func with(reverse: Bool) -> TextStyle {
        var style = self
        style.reverse = reverse
        return style
    }

    /// `#1F77B4` as a colour, or nil for anything else.
    package static func colour(hex: String) -> Colour? {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}
