import LessonpackDiagnostics

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
        // By the byte, without copying: a module has a start and an end time for every line, and Character-wise
        // parsing of each was a tenth of `check`'s time.
        let trimmed = text.trimmingWhitespace()
        return trimmed.utf8.withContiguousStorageIfAvailable(parse)
            ?? Array(trimmed.utf8).withUnsafeBufferPointer(parse)
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Double, Problem> {
        guard !bytes.isEmpty else { return .failure(Problem(reason: "it is empty")) }
        let fieldCount = bytes.count { $0 == UInt8(ascii: ":") } + 1
        guard fieldCount <= 3 else {
            return .failure(Problem(reason: "it has \(fieldCount) fields; write at most hours:minutes:seconds"))
        }
        var total = 0.0
        var fieldStart = bytes.startIndex
        for index in 0..<fieldCount {
            let fieldEnd = bytes[fieldStart...].firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            let field = bytes[fieldStart..<fieldEnd]
            fieldStart = fieldEnd < bytes.endIndex ? bytes.index(after: fieldEnd) : fieldEnd
            let isLast = index == fieldCount - 1
            // Both are for messages only: made when one is needed, not for every time read.
            var name: String { ["hours", "minutes", "seconds"][3 - fieldCount + index] }
            var written: String { String(decoding: field, as: UTF8.self) }
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
    private static func number(_ field: Slice<UnsafeBufferPointer<UInt8>>, allowFraction: Bool) -> Double? {
        guard let first = field.first, let last = field.last, first != UInt8(ascii: "."), last != UInt8(ascii: ".")
        else { return nil }
        var dots = 0
        for byte in field {
            if byte == UInt8(ascii: ".") { dots += 1 } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                return nil
            }
        }
        guard dots == 0 || (dots == 1 && allowFraction) else { return nil }
        // The digits as one integer over a power of ten: both exact below 2^53, so the one rounding, the
        // division's, gives the double nearest the decimal, as reading it as text would (and several times
        // faster). Longer numbers are read as text.
        var digits = 0
        var decimals = 0
        var seenDot = false
        for byte in field {
            if byte == UInt8(ascii: ".") { seenDot = true; continue }
            digits = digits &* 10 &+ Int(byte - UInt8(ascii: "0"))
            if seenDot { decimals += 1 }
        }
        guard field.count <= 16, decimals < exactPowersOfTen.count else { return Double(String(decoding: field, as: UTF8.self)) }
        return Double(digits) / exactPowersOfTen[decimals]
    }

    private static let exactPowersOfTen: [Double] = (0...15).map { pow10 in (0..<pow10).reduce(1.0) { value, _ in value * 10 } }

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

extension TimeText.Problem: DiagnosticError {
    package var description: String { "not a time: \(reason)" }
    /// A time with no place to point at; the module's reader places it where it is written.
    package var reportedDiagnostics: [Diagnostic] { [.failure(.invalidTime, description)] }
}
