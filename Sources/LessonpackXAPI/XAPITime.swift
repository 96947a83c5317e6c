import Foundation

/// Times as xAPI writes them: timestamps in ISO 8601 (UTC, milliseconds) and durations as ISO 8601 durations.
package enum XAPITime {
    package static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!))
    }

    /// Reads a timestamp another system wrote: with or without fractional seconds, with any offset.
    package static func date(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// `PT1H2M3.45S`, to the hundredth of a second; `PT0S` for nothing.
    package static func duration(_ seconds: TimeInterval) -> String {
        let hundredths = Int((max(0, seconds) * 100).rounded())
        let hours = hundredths / 360_000
        let minutes = hundredths / 6_000 % 60
        let rest = hundredths % 6_000
        var text = "PT"
        if hours > 0 { text += "\(hours)H" }
        if minutes > 0 { text += "\(minutes)M" }
        if rest > 0 || text == "PT" {
            let (whole, fraction) = (rest / 100, rest % 100)
            text += fraction == 0 ? "\(whole)S"
                : fraction % 10 == 0 ? "\(whole).\(fraction / 10)S"
                : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)S"
        }
        return text
    }

    /// Seconds in an ISO 8601 duration of days, hours, minutes and seconds (what statements carry); nil otherwise.
    package static func seconds(_ duration: String) -> Double? {
        guard duration.hasPrefix("P") else { return nil }
        var total = 0.0
        var number = ""
        var inTime = false
        for character in duration.dropFirst() {
            switch character {
            case "T": inTime = true
            case "0"..."9", ".": number.append(character)
            case "D", "H", "M", "S":
                guard let value = Double(number) else { return nil }
                number = ""
                switch (character, inTime) {
                case ("D", false): total += value * 86_400
                case ("H", true): total += value * 3_600
                case ("M", true): total += value * 60
                case ("S", true): total += value
                default: return nil
                }
            default: return nil
            }
        }
        return number.isEmpty ? total : nil
    }
}
