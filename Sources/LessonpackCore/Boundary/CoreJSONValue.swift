/// JSON as the core reads it: what `CoreJSON` wrote (a module for the web player), parsed without Foundation. The
/// text is untrusted (it comes from a web server), so depth and size are bounded and numbers are integers only:
/// the core writes times as milliseconds, so no build has to parse a decimal fraction its own way.
package enum CoreJSONValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A number with a fraction, as a page writes a time in seconds: kept to the millionth, so that both builds
    /// read the same Double from the same text.
    case decimal(Double)
    case string(String)
    case array([CoreJSONValue])
    /// Members in the order written; a key given twice keeps its first value when looked up.
    case object([(String, CoreJSONValue)])

    package static func == (lhs: CoreJSONValue, rhs: CoreJSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.decimal(a), .decimal(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Deeper than any module nests.
    package static let maximumDepth = 64

    /// The value `text` holds, or nil if it is not JSON of this kind (or nests deeper than `maximumDepth`).
    package static func parse(_ text: String) -> CoreJSONValue? {
        var parser = Parser(bytes: Array(text.utf8))
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.position == parser.bytes.count ? value : nil
    }

    package subscript(key: String) -> CoreJSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    package var string: String? { if case .string(let value) = self { value } else { nil } }
    package var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    /// An integer or a decimal, as a Double.
    package var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        default: nil
        }
    }
    package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    package var array: [CoreJSONValue]? { if case .array(let value) = self { value } else { nil } }
    package var isNull: Bool { self == .null }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func take(_ literal: String) -> Bool {
            let expected = Array(literal.utf8)
            guard position + expected.count <= bytes.count, Array(bytes[position..<position + expected.count]) == expected
            else { return false }
            position += expected.count
            return true
        }

        mutating func value(depth: Int) -> CoreJSONValue? {
            guard depth <= CoreJSONValue.maximumDepth else { return nil }
            skipSpace()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "n"): return take("null") ? .null : nil
            case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
            case UInt8(ascii: "\""): return string().map { .string($0) }
            case UInt8(ascii: "["):
                position += 1
                var elements: [CoreJSONValue] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(elements)
                }
                while true {
                    guard let element = value(depth: depth + 1) else { return nil }
                    elements.append(element)
                    skipSpace()
                    guard position < bytes.count else { return nil }
                    position += 1
                    if bytes[position - 1] == UInt8(ascii: "]") { return .array(elements) }
                    guard bytes[position - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "{"):
                position += 1
                var members: [(String, CoreJSONValue)] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                    position += 1
                    guard let member = value(depth: depth + 1) else { return nil }
                    members.append((key, member))
                    skipSpace()
                    guard position < bytes.count else { return nil }
                    position += 1
                    if bytes[position - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[position - 1] == UInt8(ascii: ",") else { return nil }
                }
            default:
                return number()
            }
        }

        /// A number: an optional minus, digits, a fraction and an exponent. An integer within Int32's range is
        /// `.integer` in both builds (Int is 32 bits in the WebAssembly one, and both must read alike); one past it,
        /// up to 2^53 (a time in milliseconds since 1970), or one with a fraction or an exponent is `.decimal`, the
        /// fraction's first six digits counting. JavaScript writes 5e-7 for a tiny seek: an exponent from -20 to 20
        /// is applied by tens, the same in both builds.
        mutating func number() -> CoreJSONValue? {
            let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            let start = position
            var magnitude: Int64 = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                // Checked before, so the arithmetic cannot overflow (an overflow check on 64 bits would need
                // compiler-rt's 128-bit multiply, which the WebAssembly build has not).
                guard magnitude <= 1 << 53 else { return nil }
                magnitude = magnitude &* 10 &+ Int64(bytes[position] - 0x30)
                position += 1
            }
            guard position > start, magnitude <= 1 << 53 else { return nil }
            var millionths: Int64 = 0
            var fraction = false
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                let fractionStart = position
                while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                    if position - fractionStart < 6 { millionths = millionths &* 10 &+ Int64(bytes[position] - 0x30) }
                    position += 1
                }
                guard position > fractionStart else { return nil }
                for _ in min(position - fractionStart, 6)..<6 { millionths = millionths &* 10 }
                fraction = true
            }
            var exponent = 0
            if position < bytes.count, [UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
                position += 1
                var negativeExponent = false
                if position < bytes.count, [UInt8(ascii: "-"), UInt8(ascii: "+")].contains(bytes[position]) {
                    negativeExponent = bytes[position] == UInt8(ascii: "-")
                    position += 1
                }
                let exponentStart = position
                while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, exponent <= 20 {
                    exponent = exponent * 10 + Int(bytes[position] - 0x30)
                    position += 1
                }
                guard position > exponentStart, exponent <= 20 else { return nil }
                if negativeExponent { exponent = -exponent }
                fraction = true
            }
            let signed = negative ? -magnitude : magnitude
            if !fraction, signed >= Int64(Int32.min), signed <= Int64(Int32.max) { return .integer(Int(signed)) }
            // One division of an exact integer is correctly rounded, as Codable's reading is: 7 + 0.56 is not 7.56.
            var value = magnitude <= 9_000_000_000
                ? Double(magnitude &* 1_000_000 &+ millionths) / 1_000_000
                : Double(magnitude) + Double(millionths) / 1_000_000
            for _ in 0..<max(exponent, 0) { value *= 10 }
            for _ in 0..<max(-exponent, 0) { value /= 10 }
            guard value <= 9_007_199_254_740_992 else { return nil }
            return .decimal(negative ? -value : value)
        }

        /// A string, its escapes undone; nil for a control character, a bad escape or a lone surrogate.
        mutating func string() -> String? {
            position += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                if !run.isEmpty {
                    scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                    run.removeAll()
                }
            }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard position < bytes.count else { return nil }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        guard var code = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(code) {
                            guard take("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { return nil }
                        scalars.append(scalar)
                    default: return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    run.append(byte)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[position..<position + 4] {
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            position += 4
            return value
        }
    }
}
