/// Times as authors write them next to a video player: `1:02.5`, `0:01:02.500`, or plain seconds `62.5`.
public enum TimeText {
    public static func seconds(from text: String) -> Double? {
        let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ ($0.isASCII && $0.isNumber) || (isLast && $0 == ".") }),
                  part.filter({ $0 == "." }).count <= 1, part.first != ".", part.last != ".",
                  let value = Double(part) else { return nil }
            // Minutes and seconds after the first field stay below 60, as on any clock.
            if index > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return total
    }

    /// `m:ss.mmm`, or `h:mm:ss.mmm` from an hour on: how times are shown back to authors.
    public static func format(_ seconds: Double) -> String {
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

extension StringProtocol {
    func trimmingWhitespace() -> Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return text[first...last]
    }
}
