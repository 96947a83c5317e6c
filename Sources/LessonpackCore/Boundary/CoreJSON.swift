/// JSON as the core writes it across the WebAssembly boundary: compact, keys in the order written, strings escaped
/// as RFC 8259 requires and nothing more, so the native and the WebAssembly builds write the same bytes. Written by
/// hand because the core has no Foundation (Embedded Swift), and it is a writer only: what crosses into the core
/// comes as integers.
package struct CoreJSON {
    package private(set) var text = ""

    package init() {}

    package mutating func value(_ number: Int) { text += String(number) }

    package mutating func value(_ flag: Bool) { text += flag ? "true" : "false" }

    package mutating func null() { text += "null" }

    /// A number of seconds (or hertz) to the thousandth, the same in every build: the standard library's own
    /// printing of a Double is not available in Embedded Swift, and C's is not the core's to use. What JSON cannot
    /// hold is written as the studio writes it: "nan", "inf", "-inf".
    package mutating func value(decimal number: Double) {
        guard number.isFinite else {
            value(number.isNaN ? "nan" : number > 0 ? "inf" : "-inf")
            return
        }
        // Past ±9e12 the thousandths no longer fit a 64-bit count; no time or pitch comes near.
        let thousandths = Int64((min(max(number, -9e12), 9e12) * 1000).rounded())
        let magnitude = thousandths < 0 ? -thousandths : thousandths
        var written = (thousandths < 0 ? "-" : "") + String(magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction != 0 {
            var digits = ""
            var divisor: Int64 = 100
            while fraction != 0 {
                digits += String(fraction / divisor)
                fraction %= divisor
                divisor /= 10
            }
            written += "." + digits
        }
        text += written
    }

    package mutating func value(_ string: String) { Self.appendQuoted(string, to: &text) }

    /// `string` as a JSON string, escaped as RFC 8259 requires and no more. The property-list tools' JSON writer
    /// quotes with this too, so there is one escaping of JSON strings in the package.
    package static func appendQuoted(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    package mutating func array(_ numbers: [Int]) {
        array(numbers.count) { json, index in json.value(numbers[index]) }
    }

    /// An array of `count` elements, each written by `element`.
    package mutating func array(_ count: Int, _ element: (inout CoreJSON, Int) -> Void) {
        text += "["
        for index in 0..<count {
            if index > 0 { text += "," }
            element(&self, index)
        }
        text += "]"
    }

    /// An object whose members `members` writes with `key`.
    package mutating func object(_ members: (inout CoreJSON) -> Void) {
        text += "{"
        let opened = text.utf8.count
        openedAt.append(opened)
        members(&self)
        openedAt.removeLast()
        text += "}"
    }

    /// A member's key, with the comma before it unless it is the object's first.
    package mutating func key(_ name: String) {
        if let opened = openedAt.last, text.utf8.count > opened { text += "," }
        value(name)
        text += ":"
    }

    private var openedAt: [Int] = []
}

/// Members as the module and result writers write them: a key and its value, or null for none.
extension CoreJSON {
    mutating func member(_ key: String, _ text: String) {
        self.key(key)
        value(text)
    }

    mutating func member(_ key: String, _ number: Int) {
        self.key(key)
        value(number)
    }

    mutating func member(_ key: String, _ texts: [String]) {
        self.key(key)
        array(texts.count) { json, index in json.value(texts[index]) }
    }

    /// An array of objects under `key`, each element's members written by `element`.
    mutating func members<Element>(_ key: String, _ elements: [Element], _ element: (inout CoreJSON, Element) -> Void) {
        self.key(key)
        array(elements.count) { json, index in json.object { json in element(&json, elements[index]) } }
    }

    mutating func optionalMember(_ key: String, _ text: String?) {
        self.key(key)
        if let text { value(text) } else { null() }
    }

    mutating func optionalMember(_ key: String, _ number: Int?) {
        self.key(key)
        if let number { value(number) } else { null() }
    }

    mutating func optionalMember(_ key: String, _ flag: Bool?) {
        self.key(key)
        if let flag { value(flag) } else { null() }
    }
}
