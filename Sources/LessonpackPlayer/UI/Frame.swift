import TerminalText

/// What a screen looks like, independent of how it is shown: lines of styled text. The full-screen display draws
/// it with curses; tests read it as plain text.
public struct Frame: Sendable, Equatable {
    public var lines: [FrameLine]

    public init(_ lines: [FrameLine] = []) { self.lines = lines }

    /// The frame as plain text, one string per line, trailing spaces removed.
    public var text: [String] {
        lines.map { line in
            var text = line.runs.map(\.text).joined()
            while text.last == " " { text.removeLast() }
            return text
        }
    }
}

public struct FrameLine: Sendable, Equatable {
    public var runs: [Run]

    public init(_ runs: [Run] = []) { self.runs = runs }
    public init(_ text: String, _ style: TextStyle = .plain) { runs = [Run(text, style)] }

    public var width: Int { runs.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    public static func + (lhs: FrameLine, rhs: FrameLine) -> FrameLine { FrameLine(lhs.runs + rhs.runs) }
}

public struct Run: Sendable, Equatable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// How a run of text looks. Colours are a speaker's `#RRGGBB` or a role the display maps to its palette; on a
/// terminal without colours the display falls back to the attributes alone.
public struct TextStyle: Sendable, Hashable {
    public enum Colour: Sendable, Hashable {
        case rgb(UInt8, UInt8, UInt8)
        case accent, good, bad, muted
    }

    public var bold = false
    public var underline = false
    public var reverse = false
    public var dim = false
    public var foreground: Colour?

    public static let plain = TextStyle()
    public static let bold = TextStyle(bold: true)
    public static let selected = TextStyle(reverse: true)
    public static let muted = TextStyle(dim: true, foreground: .muted)
    public static let accent = TextStyle(bold: true, foreground: .accent)
    public static let good = TextStyle(bold: true, foreground: .good)
    public static let bad = TextStyle(bold: true, foreground: .bad)

    public func with(reverse: Bool) -> TextStyle {
        var style = self
        style.reverse = reverse
        return style
    }

    /// `#1F77B4` as a colour, or nil for anything else.
    public static func colour(hex: String) -> Colour? {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}
