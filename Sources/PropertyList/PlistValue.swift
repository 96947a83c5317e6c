/// A property list value, independent of where it came from. Dictionaries keep their keys in document order,
/// because authors arrange keys for people to read and conversions should not shuffle them.
package indirect enum PlistValue: Hashable, Sendable {
    case string(String)
    case integer(PlistInteger)
    case real(Double)
    case bool(Bool)
    case date(PlistDate)
    case data([UInt8])
    case array([PlistValue])
    case dictionary([PlistEntry])

    /// A dictionary's value for `key`. Setting replaces the value in place, appends a new key at the end, or
    /// (set to nil) removes the key; on anything but a dictionary, setting does nothing.
    package subscript(key: String) -> PlistValue? {
        get {
            guard case .dictionary(let entries) = self else { return nil }
            return entries.first { $0.key == key }?.value
        }
        set {
            guard case .dictionary(var entries) = self else { return }
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(PlistEntry(key, newValue))
            }
            self = .dictionary(entries)
        }
    }

    package var string: String? { if case .string(let value) = self { value } else { nil } }
    package var array: [PlistValue]? { if case .array(let items) = self { items } else { nil } }
    package var entries: [PlistEntry]? { if case .dictionary(let entries) = self { entries } else { nil } }
}

package struct PlistEntry: Hashable, Sendable {
    package var key: String
    package var value: PlistValue

    package init(_ key: String, _ value: PlistValue) {
        self.key = key
        self.value = value
    }
}

/// An integer in the range property lists allow: −2⁶³ through 2⁶⁴−1, i.e. everything an Int64 or a UInt64 holds.
/// Values that fit an Int64 are always `.signed`, so each number has exactly one representation.
package enum PlistInteger: Hashable, Sendable, CustomStringConvertible {
    case signed(Int64)
    case unsigned(UInt64)   // only above Int64.max

    package init(_ value: Int64) { self = .signed(value) }

    package init(_ value: UInt64) {
        self = value <= UInt64(Int64.max) ? .signed(Int64(value)) : .unsigned(value)
    }

    package init(_ value: Int) { self = .signed(Int64(value)) }

    /// The value as an Int, when it fits.
    package var intValue: Int? {
        switch self {
        case .signed(let value): Int(exactly: value)
        case .unsigned(let value): Int(exactly: value)
        }
    }

    package var doubleValue: Double {
        switch self {
        case .signed(let value): Double(value)
        case .unsigned(let value): Double(value)
        }
    }

    package var description: String {
        switch self {
        case .signed(let value): String(value)
        case .unsigned(let value): String(value)
        }
    }
}

/// A moment in UTC to the second, the resolution XML property lists write (`2024-05-01T09:30:00Z`).
package struct PlistDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var secondsSince1970: Int64

    package init(secondsSince1970: Int64) { self.secondsSince1970 = secondsSince1970 }

    package static func < (lhs: PlistDate, rhs: PlistDate) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the form both XML property lists and our JSON use.
    package var description: String {
        let days = secondsSince1970.floorDivided(by: 86_400)
        let secondOfDay = secondsSince1970 - days * 86_400
        let (year, month, day) = CivilCalendar.date(fromDaysSince1970: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
    }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

/// Proleptic Gregorian calendar arithmetic (H. Hinnant's days-from-civil algorithm), so dates convert the same
/// on every machine without a locale, a time zone database or Foundation's calendar.
enum CivilCalendar {
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func date(fromDaysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
