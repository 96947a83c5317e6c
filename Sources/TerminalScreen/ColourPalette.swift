internal import CNcurses
import LessonpackPlayer

/// Maps styles to curses attributes: speaker colours to the nearest of the terminal's 256 or 8 colours, roles to
/// fixed ones, and nothing at all on a monochrome terminal (bold, underline and reverse still work there).
struct ColourPalette {
    private let colours: Int
    private var pairs: [Int: Int16] = [:]

    init(colours: Int = 0) { self.colours = colours }

    mutating func attributes(for style: TextStyle) -> attr_t {
        var attributes = lp_attr_normal()
        if style.bold { attributes |= lp_attr_bold() }
        if style.underline { attributes |= lp_attr_underline() }
        if style.reverse { attributes |= lp_attr_reverse() }
        if style.dim { attributes |= lp_attr_dim() }
        if let colour = style.foreground, colours >= 8 {
            attributes |= lp_color_pair(Int32(pair(for: index(of: colour))))
        }
        return attributes
    }

    private mutating func pair(for colourIndex: Int) -> Int16 {
        if let pair = pairs[colourIndex] { return pair }
        let pair = Int16(pairs.count + 1)
        init_pair(pair, Int16(colourIndex), -1)
        pairs[colourIndex] = pair
        return pair
    }

    private func index(of colour: TextStyle.Colour) -> Int {
        switch colour {
        case .accent: return 4          // blue
        case .good: return 2            // green
        case .bad: return 1             // red
        case .muted: return colours >= 256 ? 244 : 7
        case .rgb(let red, let green, let blue):
            return colours >= 256 ? Self.xterm256(red, green, blue) : Self.basic(red, green, blue)
        }
    }

    /// The nearest colour of xterm's 6×6×6 cube.
    static func xterm256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearest(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) } ?? 0
        }
        return 16 + 36 * nearest(red) + 6 * nearest(green) + nearest(blue)
    }

    /// The nearest of the eight basic colours, by which channels are strong.
    static func basic(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let strongest = max(red, green, blue)
        let threshold = UInt8(Double(strongest) * 0.6)
        let bits = (red >= threshold ? 1 : 0) | (green >= threshold ? 2 : 0) | (blue >= threshold ? 4 : 0)
        return bits == 7 ? 7 : bits
    }
}
