import Foundation

/// Small ways of saying things that several activities share.
package enum Wording {
    /// 65.3 → "1:05".
    package static func clock(_ seconds: Double) -> String {
        let whole = wholeSeconds(seconds)
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }

    /// Seconds as a whole number a learner can read, whatever a module's media manifest claims: from 0 to a
    /// hundred hours, and 0 for what is not a number.
    package static func wholeSeconds(_ seconds: Double, rounding rule: FloatingPointRoundingRule = .down) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(min(max(0, seconds.rounded(rule)), 360_000))
    }

    /// `text` ending as a sentence does: a full stop added unless it already ends with one, ! or ?.
    package static func sentence(_ text: String) -> String {
        guard let last = text.last else { return text }
        return ".!?".contains(last) ? text : text + "."
    }

    // Counting ("1 mistake") and lists ("3 and 5") are the learner's language's: `Strings.counted` and `Strings.list`.

    /// "75%".
    package static func percent(_ value: Double) -> String { "\(Int(value.rounded()))%" }
}
