/// Small ways of saying things that several activities share.
package enum Wording {
    /// 65.3 → "1:05".
    package static func clock(_ seconds: Double) -> String {
        let whole = wholeSeconds(seconds)
        let rest = whole % 60
        return "\(whole / 60):\(rest < 10 ? "0" : "")\(rest)"
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

extension Wording {
    /// A fraction written with two decimals at most and no trailing zeros (0.5, 0.75, 1.25), as every build writes
    /// it: the standard library prints Doubles its own way and the core may not use C's formatting.
    package static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((min(max(value, -1_000_000), 1_000_000) * 100).rounded())
        let whole = "\(abs(hundredths) / 100)"
        var fraction = "\(abs(hundredths) % 100)"
        if fraction.count == 1 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (hundredths < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// A moment as the learner's clock shows it, `utcOffset` seconds east of UTC, in their language's words
    /// ("27 Nov 2026, 14:05"). Written here rather than by Foundation, which the core cannot use, and so the same
    /// on every front end.
    package static func moment(_ date: Date, utcOffset: Int, _ strings: Strings) -> String {
        // Whole seconds since 1970, bounded to years 1–9999 so the arithmetic fits in a 32-bit Int's days.
        let seconds = min(max(date.timeIntervalSince1970.isFinite ? date.timeIntervalSince1970.rounded(.down) : 0,
                              -62_135_596_800), 253_402_300_799) + Double(min(max(utcOffset, -86_400), 86_400))
        let days = Int((seconds / 86_400).rounded(.down))
        let secondOfDay = Int(seconds - Double(days) * 86_400)
        let (year, month, day) = CivilCalendar.date(fromDaysSince1970: Int64(days))
        let minute = secondOfDay / 60 % 60
        return strings.text("moment", ["day": "\(day)", "month": strings.text("month.\(month)"), "year": "\(year)",
                                       "hour": "\(secondOfDay / 3600)", "minute": (minute < 10 ? "0" : "") + "\(minute)"])
    }

    /// "2. Video task": an activity as titles show it, numbered by its place in the module's list, in the terminal
    /// and in the studio's preview alike.
    package static func numbered(_ kind: ActivityKind, in module: Module, _ strings: Strings) -> String {
        "\((module.activities.firstIndex(of: kind) ?? ActivityKind.allCases.firstIndex(of: kind) ?? 0) + 1). \(title(kind, strings))"
    }

    /// An activity's title in the learner's language ("Video task").
    package static func title(_ kind: ActivityKind, _ strings: Strings) -> String {
        switch kind {
        case .video: strings.text("activity.video")
        case .videoTask: strings.text("activity.video-task")
        case .vocabulary: strings.text("activity.vocabulary")
        case .audioGame: strings.text("activity.audio-game")
        case .pronunciation: strings.text("activity.pronunciation")
        case .dictation: strings.text("activity.dictation")
        case .questions: strings.text("activity.questions")
        case .dictionary: strings.text("activity.dictionary")
        case .test: strings.text("activity.test")
        }
    }
}
