import Foundation
import TerminalText

/// Numbers as people read them in a terminal.
enum Formatting {
    /// 1234567 → "1,234,567"
    static func bytes(_ value: some BinaryInteger) -> String {
        let digits = Array(String(value))
        var output = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { output += "," }
            output.append(digit)
        }
        return output
    }

    /// 1234567 → "1.2 MB" (powers of 1000, as file managers show sizes).
    static func size(_ value: some BinaryInteger) -> String {
        let amount = Double(value)
        for (limit, unit) in [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")] where amount >= limit {
            return String(format: "%.1f %@", amount / limit, unit)
        }
        return "\(value) B"
    }

    static func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }

    static func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
        return right ? padding + text : text + padding
    }
}
