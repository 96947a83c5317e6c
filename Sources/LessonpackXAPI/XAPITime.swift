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
            if character == "T" {
                inTime = true
            } else if ("0"..."9").contains(character) || character == "." {
                number.append(character)
            } else {
                // Any other character must be a unit of its half (days before the T, the rest after it), after a
                // number.
                guard let unit = (inTime ? timeUnits : dateUnits)[character], let value = Double(number) else {
                    return nil
                }
                total += value * unit
                number = ""
            }
        }
        return number.isEmpty ? total : nil
    }

    /// Seconds in each unit a duration may have: days before the T, hours, minutes and seconds after it. (Years,
    /// months and weeks have no fixed length, and statements do not carry them.)
    private static let dateUnits: [Character: Double] = ["D": 86_400]
    private static let timeUnits: [Character: Double] = ["H": 3_600, "M": 60, "S": 1]
}
