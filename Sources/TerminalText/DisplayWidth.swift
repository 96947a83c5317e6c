/// How many terminal columns text takes: CJK ideographs, Hangul and most emoji take two, combining marks none.
/// Enough to put a caret under the right character; not a full implementation of Unicode's East Asian Width.
public enum DisplayWidth {
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value) || (0x3041...0x33FF).contains(value)
            || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xA000...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x1F300...0x1F64F).contains(value) || (0x1F900...0x1F9FF).contains(value)
            || (0x20000...0x3FFFD).contains(value) {
            return 2
        }
        return 1
    }

    public static func of(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }
}
