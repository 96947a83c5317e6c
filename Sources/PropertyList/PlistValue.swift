import LessonpackCore

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
