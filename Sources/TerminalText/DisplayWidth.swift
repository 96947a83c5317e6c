internal import CWideChar
import Glibc

/// How many terminal columns text takes, as the system's C library says (`wcwidth`, asked in a UTF-8 locale of
/// its own whatever the process's is): CJK ideographs, Hangul and emoji such as ☕ take two, combining marks none.
/// Terminals measure text the same way, so what is laid out here lines up there.
package enum DisplayWidth {
    /// A UTF-8 character-type locale, made once and never changed: C.UTF-8 (built into glibc), else the first
    /// installed one of a few common names. Nil only on a system with none.
    nonisolated(unsafe) private static let utf8: locale_t? = {
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_GB.UTF-8"] {
            if let locale = newlocale(LC_CTYPE_MASK, name, nil) { return locale }
        }
        return nil
    }()

    package static func of(_ scalar: Unicode.Scalar) -> Int {
        if let ascii = asciiWidth(scalar) { return ascii }
        return withUTF8Locale { width(scalar) }
    }

    package static func of(_ text: some StringProtocol) -> Int {
        // Most text is ASCII: it needs no locale switch.
        var total = 0
        var rest: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if let ascii = asciiWidth(scalar) { total += ascii } else { rest.append(scalar) }
        }
        guard !rest.isEmpty else { return total }
        return total + withUTF8Locale { rest.reduce(0) { $0 + width($1) } }
    }

    /// Whether widths come from the C library; false only on a system without a UTF-8 locale, where every
    /// character but a control or a combining mark counts as one column.
    package static var usesSystemWidths: Bool { utf8 != nil }

    private static func asciiWidth(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x20..<0x7F: 1
        case 0..<0x20, 0x7F: 0
        default: nil
        }
    }

    /// Call inside `withUTF8Locale`.
    private static func width(_ scalar: Unicode.Scalar) -> Int {
        guard utf8 != nil else {
            switch scalar.properties.generalCategory {
            case .control, .nonspacingMark, .enclosingMark, .format: return 0
            default: return 1
            }
        }
        let columns = lp_wcwidth(scalar.value)
        if columns >= 0 { return Int(columns) }
        // Not printable to the C library: a control character takes no column, anything else (unassigned, say)
        // is drawn by terminals as one.
        return scalar.properties.generalCategory == .control ? 0 : 1
    }

    /// Runs `body` with this thread's character type switched to the UTF-8 locale (`uselocale` is per thread).
    private static func withUTF8Locale<T>(_ body: () -> T) -> T {
        guard let utf8 else { return body() }
        let previous = uselocale(utf8)
        defer { uselocale(previous) }
        return body()
    }
}
