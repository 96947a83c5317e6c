/// Times as authors write them next to a video player: `1:02.5`, `0:01:02.500`, or plain seconds `62.5`.
package enum TimeText {
    /// 99:59:59.999: no lesson's video is longer, and bounding times keeps every sum of them exact.
    package static let longest = 359_999.999

    package static func seconds(from text: String) -> Double? {
        try? parse(text).get()
    }

    /// What is wrong with a time as written, said about the value itself.
    package struct Problem: Error, Equatable, Sendable {
        package var reason: String
    }

    /// Seconds, minutes:seconds or hours:minutes:seconds; every field after the first has exactly two digits, as
    /// on a clock, so `1:2:3` is refused rather than read as an hour (and `1:02` is never mistaken for `1:20`).
    package static func parse(_ text: String) -> Result<Double, Problem> {
        // By the byte: a module has a start and an end time for every line, and Character-wise parsing of each
        // was a tenth of `check`'s time.
        let bytes = Array(text.trimmingWhitespace().utf8)
        guard !bytes.isEmpty else { return .failure(Problem(reason: "it is empty")) }
        let fields = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard fields.count <= 3 else {
            return .failure(Problem(reason: "it has \(fields.count) fields; write at most hours:minutes:seconds"))
        }
        var total = 0.0
        for (index, field) in fields.enumerated() {
            let isLast = index == fields.count - 1
            let name = ["hours", "minutes", "seconds"][3 - fields.count + index]
            let written = String(decoding: field, as: UTF8.self)
            guard let value = number(field, allowFraction: isLast) else {
                if field.isEmpty { return .failure(Problem(reason: "its \(name) field is empty")) }
                if !isLast, field.contains(UInt8(ascii: ".")) {
                    return .failure(Problem(reason: "only the seconds take a fraction, not the \(name) ('\(written)')"))
                }
                return .failure(Problem(reason: "'\(written)' is not a number of \(name)"))
            }
            if index > 0 {
                let wholeDigits = field.prefix { $0 != UInt8(ascii: ".") }.count
                guard wholeDigits == 2 else {
                    let advice = wholeDigits < 2 ? "'\(written)' should be '0\(written)'" : "'\(written)' has \(wholeDigits)"
                    return .failure(Problem(reason: "the \(name) after a ':' take two digits, as on a clock (\(advice))"))
                }
                guard value < 60 else {
                    return .failure(Problem(reason: "\(written) \(name) is more than a clock shows; \(name) stay below 60"))
                }
            }
            total = total * 60 + value
        }
        return .success(total)
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
        if seconds < 0 { return "-" + format(-seconds) }
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
