/// Times as authors write them next to a video player: `1:02.5`, `0:01:02.500`, or plain seconds `62.5`.
package enum TimeText {
    /// 99:59:59.999: no lesson's video is longer, and bounding times keeps every sum of them exact.
    package static let longest = 359_999.999

    package static func seconds(from text: String) -> Double? {
        // By the byte: a module has a start and an end time for every line, and Character-wise parsing of each
        // was a tenth of `check`'s time.
        let bytes = Array(text.trimmingWhitespace().utf8)
        var total = 0.0
        var fields = 0
        var fieldStart = 0
        while fieldStart <= bytes.count {
            let fieldEnd = bytes[fieldStart...].firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            let isLast = fieldEnd == bytes.count
            fields += 1
            guard fields <= 3, let value = number(bytes[fieldStart..<fieldEnd], allowFraction: isLast) else { return nil }
            // Minutes and seconds after the first field stay below 60, as on any clock.
            if fields > 1, value >= 60 { return nil }
            total = total * 60 + value
            fieldStart = fieldEnd + 1
        }
        return total
    }

    /// Digits, with at most one '.' between digits when a fraction is allowed.
    private static func number(_ field: ArraySlice<UInt8>, allowFraction: Bool) -> Double? {
        guard let first = field.first, let last = field.last, first != UInt8(ascii: "."), last != UInt8(ascii: ".")
        else { return nil }
        var dots = 0
        for byte in field {
            if byte == UInt8(ascii: ".") { dots += 1 } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                return nil
            }
        }
        guard dots == 0 || (dots == 1 && allowFraction) else { return nil }
        return Double(String(decoding: field, as: UTF8.self))
    }

    /// `m:ss.mmm`, or `h:mm:ss.mmm` from an hour on: how times are shown back to authors.
    package static func format(_ seconds: Double) -> String {
        // Times are checked to lie within `longest` when read; anything else is shown as it is rather than trap.
        guard seconds.isFinite, abs(seconds) <= longest * 1000 else { return "\(seconds) s" }
        let milliseconds = Int((seconds * 1000).rounded())
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let wholeSeconds = milliseconds / 1000 % 60
        let fraction = milliseconds % 1000
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let tail = two(wholeSeconds) + "." + String(String(fraction + 1000).dropFirst())
        return hours > 0 ? "\(hours):\(two(minutes)):\(tail)" : "\(minutes):\(tail)"
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> Substring {
        let text = Substring(self)
        // Most text has nothing to trim; seeing that by the byte skips two walks by Character.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return text
        }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return text[first...last]
    }
}
