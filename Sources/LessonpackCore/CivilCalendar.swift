/// The proleptic Gregorian calendar, as property-list dates (ISO 8601) and JavaScript's Date count it, from days
/// since 1 January 1970 and back (Howard Hinnant's `days_from_civil` and `civil_from_days`). In the core because the
/// presenters show a moment in the learner's words in the WebAssembly build too, where Foundation is not: the
/// arithmetic wraps rather than traps (an overflow check on 64 bits would need compiler-rt's 128-bit multiply,
/// which that build has not), so callers keep to years ±10^9, far past any date a file or a page can hold.
package enum CivilCalendar {
    package static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year &- 1 : year
        let era = (y >= 0 ? y : y &- 399) / 400
        let yearOfEra = y &- era &* 400
        let dayOfYear = (153 &* (month &+ (month > 2 ? -3 : 9)) &+ 2) / 5 &+ day &- 1
        let dayOfEra = yearOfEra &* 365 &+ yearOfEra / 4 &- yearOfEra / 100 &+ dayOfYear
        return era &* 146_097 &+ dayOfEra &- 719_468
    }

    package static func date(fromDaysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days &+ 719_468
        let era = (z >= 0 ? z : z &- 146_096) / 146_097
        let dayOfEra = z &- era &* 146_097
        let yearOfEra = (dayOfEra &- dayOfEra / 1460 &+ dayOfEra / 36_524 &- dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra &- (365 &* yearOfEra &+ yearOfEra / 4 &- yearOfEra / 100)
        let monthIndex = (5 &* dayOfYear &+ 2) / 153
        let day = dayOfYear &- (153 &* monthIndex &+ 2) / 5 &+ 1
        let month = monthIndex < 10 ? monthIndex &+ 3 : monthIndex &- 9
        return (yearOfEra &+ era &* 400 &+ (month <= 2 ? 1 : 0), month, day)
    }

    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
