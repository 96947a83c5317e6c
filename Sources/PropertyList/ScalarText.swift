import Foundation
import LessonpackCore
import LessonpackDiagnostics

/// Reads the text of scalar elements as Apple's readers do, rejecting what they reject; the few places we are
/// stricter (trailing junk, impossible dates, characters outside base64) are ones where accepting would hide a typo.
enum ScalarText {
    /// Why a scalar's text was refused, and at which character (an offset into the element's text).
    struct Problem: Error {
        var code: DiagnosticCode
        var message: String
        /// Characters from the start of the element's text to the one at fault.
        var offset: Int
    }

    static func trimmed(_ text: String) -> (text: Substring, offset: Int) {
        let start = text.firstIndex { !isXMLSpace($0) } ?? text.endIndex
        let end = text.lastIndex { !isXMLSpace($0) }.map { text.index(after: $0) } ?? start
        return (text[start..<end], text.distance(from: text.startIndex, to: start))
    }

    static func isXMLSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n"
    }

    // MARK: integer

    static func integer(_ text: String) -> Result<PlistInteger, Problem> {
        let (body, offset) = trimmed(text)
        let shown = body.isEmpty ? "empty <integer>" : "'\(body)' is not an integer"
        var rest = Substring(body)
        var negative = false
        if let sign = rest.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        var radix: UInt64 = 10
        if rest.count > 2, rest.hasPrefix("0x") || rest.hasPrefix("0X") {
            radix = 16
            rest = rest.dropFirst(2)
        }
        guard !rest.isEmpty else {
            return .failure(Problem(code: .invalidInteger, message: shown + ": write digits, e.g. <integer>20</integer>",
                                    offset: offset))
        }
        var magnitude: UInt64 = 0
        var overflow = false
        for (index, character) in rest.enumerated() {
            guard let digit = character.hexDigitValue, UInt64(digit) < radix else {
                let position = offset + body.count - rest.count + index
                return .failure(Problem(code: .invalidInteger, message: shown, offset: position))
            }
            let (shifted, o1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit))
            overflow = overflow || o1 || o2
            magnitude = sum
        }
        let outOfRange = Problem(code: .integerOutOfRange,
                                 message: "integer \(body) is out of range: property list integers run from " +
                                     "-9223372036854775808 to 18446744073709551615", offset: offset)
        if overflow { return .failure(outOfRange) }
        if negative {
            if magnitude == 0 { return .success(.signed(0)) }
            guard magnitude <= UInt64(Int64.max) + 1 else { return .failure(outOfRange) }
            return .success(.signed(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)))
        }
        return .success(PlistInteger(magnitude))
    }

    // MARK: real

    static func real(_ text: String) -> Result<Double, Problem> {
        let (body, offset) = trimmed(text)
        switch body.lowercased() {
        case "nan": return .success(.nan)
        case "inf", "+inf", "infinity", "+infinity": return .success(.infinity)
        case "-inf", "-infinity": return .success(-.infinity)
        default: break
        }
        let problem = Problem(code: .invalidReal, message: body.isEmpty ? "empty <real>" : "'\(body)' is not a number",
                              offset: offset)
        // Swift's parser also takes hex floats and other spellings; the plist format does not.
        guard isDecimalNumber(body), let value = Double(String(body)) else { return .failure(problem) }
        guard value.isFinite else {
            return .failure(Problem(code: .invalidReal, message: "'\(body)' is too large for a real", offset: offset))
        }
        return .success(value)
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    private static func isDecimalNumber(_ text: Substring) -> Bool {
        var index = text.startIndex
        func digits() -> Int {
            var count = 0
            while index < text.endIndex, text[index].isASCII, text[index].isNumber {
                index = text.index(after: index)
                count += 1
            }
            return count
        }
        if index < text.endIndex, text[index] == "+" || text[index] == "-" { index = text.index(after: index) }
        var mantissa = digits()
        if index < text.endIndex, text[index] == "." {
            index = text.index(after: index)
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < text.endIndex, text[index] == "e" || text[index] == "E" {
            index = text.index(after: index)
            if index < text.endIndex, text[index] == "+" || text[index] == "-" { index = text.index(after: index) }
            guard digits() > 0 else { return false }
        }
        return index == text.endIndex
    }

    // MARK: date

    static func date(_ text: String) -> Result<PlistDate, Problem> {
        let (body, offset) = trimmed(text)
        let characters = Array(body)
        let problem = Problem(code: .invalidDate,
                              message: "'\(body)' is not a date: write it as YYYY-MM-DDTHH:MM:SSZ, in UTC, " +
                                  "e.g. 2024-05-01T09:30:00Z", offset: offset)
        guard characters.count == 20, characters[4] == "-", characters[7] == "-", characters[10] == "T",
              characters[13] == ":", characters[16] == ":", characters[19] == "Z" else { return .failure(problem) }
        func number(_ range: Range<Int>) -> Int64? {
            let slice = characters[range]
            guard slice.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int64(String(slice))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return .failure(problem) }
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else {
            return .failure(Problem(code: .invalidDate, message: "'\(body)' is not a real date and time", offset: offset))
        }
        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        return .success(PlistDate(secondsSince1970: days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    // MARK: data

    /// Decodes base64 as Apple's reader does: whitespace anywhere, '=' padding optional. Apple also skips any other
    /// ASCII character, and real files depend on it (a template's `${EULA_DATA}` reads as `EULADATA`), so those are
    /// accepted too but reported back in `ignored`, since in a hand-written file they are usually a mistake.
    static func data(_ text: String) -> (result: Result<[UInt8], Problem>, ignored: Problem?) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3 / 4)
        var group: UInt32 = 0
        var groupCount = 0
        var padding = 0
        var ignored: Problem?
        for (offset, character) in text.enumerated() where !isXMLSpace(character) {
            guard let ascii = character.asciiValue else {
                return (.failure(Problem(code: .invalidData, message: "'\(character)' cannot appear in base64 " +
                                         "<data>; only A–Z, a–z, 0–9, '+', '/' and '=' can", offset: offset)), ignored)
            }
            if ascii == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard let sextet = sextet(ascii) else {
                if ignored == nil {
                    ignored = Problem(code: .invalidData, message: "'\(character)' is not base64 and is skipped, " +
                                      "as Apple's reader skips it", offset: offset)
                }
                continue
            }
            if padding > 0 {
                return (.failure(Problem(code: .invalidData, message: "base64 continues after '=' padding; '=' " +
                                         "may only end the <data>", offset: offset)), ignored)
            }
            group = group << 6 | UInt32(sextet)
            groupCount += 1
            if groupCount == 4 {
                bytes.append(UInt8(group >> 16 & 0xFF))
                bytes.append(UInt8(group >> 8 & 0xFF))
                bytes.append(UInt8(group & 0xFF))
                group = 0
                groupCount = 0
            }
        }
        switch groupCount {
        case 0: break
        case 1:
            return (.failure(Problem(code: .invalidData, message: "<data> ends with a single base64 character, " +
                                     "which cannot encode a byte: is one missing?", offset: trimmed(text).offset)),
                    ignored)
        case 2:
            bytes.append(UInt8(group >> 4 & 0xFF))
        default:
            bytes.append(UInt8(group >> 10 & 0xFF))
            bytes.append(UInt8(group >> 2 & 0xFF))
        }
        return (.success(bytes), ignored)
    }

    private static func sextet(_ ascii: UInt8) -> UInt8? {
        switch ascii {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): ascii - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): ascii - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): ascii - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
