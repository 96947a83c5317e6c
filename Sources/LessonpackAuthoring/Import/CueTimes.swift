import LessonpackModel

/// SubRip's timestamps, `hh:mm:ss,ttt`. (WebVTT's are read to its specification by WebVTTTimings.)
enum CueTimes {
    /// Seconds, or nil when `text` is not a timestamp. SubRip writes a comma, though many tools write a dot, and
    /// some fewer than three digits after it.
    static func seconds(_ text: Substring) -> Double? {
        let separators: Set<Character> = [",", "."]
        guard let mark = text.lastIndex(where: separators.contains) else { return nil }
        let fraction = text[text.index(after: mark)...]
        let clock = text[..<mark].split(separator: ":", omittingEmptySubsequences: false)
        // At most five digits a field: no video runs 100,000 hours.
        guard (2...3).contains(clock.count), (1...3).contains(fraction.count),
              fraction.allSatisfy(\.isASCIIDigit),
              clock.allSatisfy({ (1...5).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
              let milliseconds = Int(fraction) else { return nil }
        let numbers = clock.compactMap { Int($0) }
        let (hours, minutes, seconds) = numbers.count == 3 ? (numbers[0], numbers[1], numbers[2]) : (0, numbers[0], numbers[1])
        guard minutes < 60, seconds < 60, clock.last?.count == 2, numbers.count == 2 || clock[1].count == 2 else { return nil }
        let scale = [1: 100.0, 2: 10.0, 3: 1.0][fraction.count]!
        return Double(hours * 3600 + minutes * 60 + seconds) + Double(milliseconds) * scale / 1000
    }

    /// "start --> end [settings]": the two times, or where the line went wrong (a 1-based column) and why.
    static func range(_ line: String) -> Result<(Double, Double), Problem> {
        guard let arrow = line.firstRange(of: "-->") else { return .failure(Problem(column: 1, message: "expected 'start --> end'")) }
        let startText = line[..<arrow.lowerBound].trimmingAny(of: " \t")
        let afterArrow = line[arrow.upperBound...]
        let endText = afterArrow.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? ""
        guard let start = seconds(Substring(startText)) else {
            return .failure(Problem(column: 1, message: "'\(startText)' is not a time like 00:01:02,500"))
        }
        guard !endText.isEmpty else {
            return .failure(Problem(column: line.distance(from: line.startIndex, to: arrow.upperBound) + 1,
                                    message: "expected the end time after '-->'"))
        }
        let endColumn = line.distance(from: line.startIndex, to: endText.startIndex) + 1
        guard let end = seconds(endText) else {
            return .failure(Problem(column: endColumn, message: "'\(endText)' is not a time like 00:01:02,500"))
        }
        guard end > start else {
            return .failure(Problem(column: endColumn, message: "the cue ends before it starts"))
        }
        guard end <= TimeText.longest else {
            return .failure(Problem(column: endColumn, message: "a time in the video runs up to 99:59:59.999"))
        }
        return .success((start, end))
    }

    struct Problem: Error {
        var column: Int
        var message: String
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
