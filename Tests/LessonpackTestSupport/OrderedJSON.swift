/// Just enough of a JSON reader to compare documents the way the plist corpus asks: object keys in order,
/// numbers by value (integers beyond Int64 included). Foundation's JSONSerialization forgets key order, which is
/// exactly what these comparisons must check.
package indirect enum OrderedJSON: Equatable, CustomStringConvertible {
    case object([(String, OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func parse(_ text: String) throws -> OrderedJSON {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == reader.scalars.count else { throw Failure(description: "trailing text at \(reader.index)") }
        return value
    }

    package static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case let (.object(l), .object(r)):
            return l.count == r.count && zip(l, r).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.array(l), .array(r)): return l == r
        case let (.string(l), .string(r)): return l == r
        case let (.bool(l), .bool(r)): return l == r
        case (.null, .null): return true
        case let (.number(l), .number(r)): return sameNumber(l, r)
        default: return false
        }
    }

    /// Integers compare exactly, whatever their size; anything with a fraction or exponent compares as a Double.
    private static func sameNumber(_ l: String, _ r: String) -> Bool {
        let isInteger = { (text: String) in !text.contains { ".eE".contains($0) } }
        if isInteger(l), isInteger(r) {
            let trim = { (text: String) -> String in text == "-0" ? "0" : text }
            return trim(l) == trim(r)
        }
        return Double(l) == Double(r)
    }

    package var description: String {
        switch self {
        case .object(let entries): "{" + entries.map { "\($0.0.debugDescription): \($0.1)" }.joined(separator: ", ") + "}"
        case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .string(let text): text.debugDescription
        case .number(let text): text
        case .bool(let value): String(value)
        case .null: "null"
        }
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func skipSpace() {
            while index < scalars.count, " \n\r\t".unicodeScalars.contains(scalars[index]) { index += 1 }
        }

        mutating func value() throws -> OrderedJSON {
            skipSpace()
            guard index < scalars.count else { throw Failure(description: "unexpected end") }
            switch scalars[index] {
            case "{":
                index += 1
                var entries: [(String, OrderedJSON)] = []
                skipSpace()
                if scalars[index] == "}" { index += 1; return .object([]) }
                while true {
                    skipSpace()
                    guard case .string(let key) = try value() else { throw Failure(description: "key expected") }
                    skipSpace()
                    try expect(":")
                    entries.append((key, try value()))
                    skipSpace()
                    if scalars[index] == "," { index += 1; continue }
                    try expect("}")
                    return .object(entries)
                }
            case "[":
                index += 1
                var items: [OrderedJSON] = []
                skipSpace()
                if scalars[index] == "]" { index += 1; return .array([]) }
                while true {
                    items.append(try value())
                    skipSpace()
                    if scalars[index] == "," { index += 1; continue }
                    try expect("]")
                    return .array(items)
                }
            case "\"":
                return .string(try string())
            case "t": try word("true"); return .bool(true)
            case "f": try word("false"); return .bool(false)
            case "n": try word("null"); return .null
            default:
                let start = index
                while index < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[index]) { index += 1 }
                guard index > start else { throw Failure(description: "unexpected '\(scalars[index])'") }
                return .number(String(String.UnicodeScalarView(scalars[start..<index])))
            }
        }

        mutating func string() throws -> String {
            index += 1
            var result = String.UnicodeScalarView()
            var pendingHigh: UInt32?
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if scalar == "\"" { return String(result) }
                guard scalar == "\\" else { result.append(scalar); continue }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "u":
                    let hex = String(String.UnicodeScalarView(scalars[index..<index + 4]))
                    index += 4
                    guard let unit = UInt32(hex, radix: 16) else { throw Failure(description: "bad \\u") }
                    if (0xD800...0xDBFF).contains(unit) {
                        pendingHigh = unit
                    } else if let high = pendingHigh, (0xDC00...0xDFFF).contains(unit) {
                        result.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))!)
                        pendingHigh = nil
                    } else if let value = Unicode.Scalar(unit) {
                        result.append(value)
                    }
                default: result.append(escape)
                }
            }
            throw Failure(description: "unterminated string")
        }

        mutating func expect(_ scalar: Unicode.Scalar) throws {
            guard index < scalars.count, scalars[index] == scalar else { throw Failure(description: "'\(scalar)' expected at \(index)") }
            index += 1
        }

        mutating func word(_ text: String) throws {
            for scalar in text.unicodeScalars { try expect(scalar) }
        }
    }
}
