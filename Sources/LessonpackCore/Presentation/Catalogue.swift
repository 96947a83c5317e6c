/// A language's learner-facing sentences, read from its file in Strings/, which the build embeds as source.
///
/// The file is lines of `key = "text"`, `#` comments and blank lines: a translator edits it in any text editor,
/// with no JSON brackets or commas to break, and a line's change shows as that line in a review. In the text,
/// `{name}` is filled in by the program and must be kept as it is; `\"`, `\\` and `\n` are a quote, a backslash and
/// a new line. A counted noun has a key per plural form, `count.mistake.one` and `count.mistake.other`, as many as
/// the language has (`UILanguage.pluralForms`).
///
/// Reading it uses only the standard library (no Foundation, no existentials, no reflection), because the presenters
/// are to be compiled with Embedded Swift for WebAssembly as well.
package struct Catalogue: Sendable {
    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        package var line: Int
        package var reason: String
        package var description: String { "line \(line): \(reason)" }
    }

    package let entries: [String: String]
    /// What could not be read (the tests require none; the player skips such a line).
    package let problems: [Problem]

    /// Reads the file's UTF-8 bytes, not its Characters: everything the format gives meaning to is ASCII, and
    /// walking grapheme clusters made reading both catalogues cost 75 M instructions at every start-up.
    package init(parsing text: String) {
        var entries: [String: String] = [:]
        var problems: [Problem] = []
        let bytes = Array(text.utf8)
        var number = 0
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            number += 1
            let line = Self.trimmed(bytes, lineStart..<lineEnd)
            if line.isEmpty || bytes[line.lowerBound] == UInt8(ascii: "#") { continue }
            guard let equals = bytes[line].firstIndex(of: UInt8(ascii: "=")) else {
                problems.append(Problem(line: number, reason: "no '=' between a key and its text"))
                continue
            }
            let keyBytes = bytes[Self.trimmed(bytes, line.lowerBound..<equals)]
            let key = String(decoding: keyBytes, as: UTF8.self)
            guard !keyBytes.isEmpty, keyBytes.allSatisfy(Self.isKeyByte) else {
                problems.append(Problem(line: number, reason: "a key is lower-case letters, digits, '.', '-' and '_'"))
                continue
            }
            guard let value = Self.quoted(bytes[Self.trimmed(bytes, (equals + 1)..<line.upperBound)]) else {
                problems.append(Problem(line: number, reason: "\(key): the text is written in double quotes"))
                continue
            }
            guard entries[key] == nil else {
                problems.append(Problem(line: number, reason: "\(key) is written twice"))
                continue
            }
            entries[key] = value
        }
        self.entries = entries
        self.problems = problems
    }

    /// The names of the `{placeholders}` in `text`, in order of first appearance.
    package static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in text {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                if !name.isEmpty, !names.contains(name) { names.append(name) }
                current = nil
            } else if current != nil {
                if Self.isKeyCharacter(character) { current?.append(character) } else { current = nil }
            }
        }
        return names
    }

    /// `text` with each `{name}` that `values` names replaced by its value; others stay as written.
    package static func filling(_ text: String, with values: [String: String]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var out = ""
        var pending: String?
        for character in text {
            if character == "{" {
                if let open = pending { out += "{" + open }
                pending = ""
            } else if character == "}", let name = pending {
                out += values[name] ?? "{" + name + "}"
                pending = nil
            } else if pending != nil {
                pending?.append(character)
            } else {
                out.append(character)
            }
        }
        if let open = pending { out += "{" + open }
        return out
    }

    static func isKeyCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLowercase || character.isNumber || character == "." || character == "-"
            || character == "_")
    }

    static func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// `range` without the spaces, tabs and carriage returns at either end.
    static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isBlank(bytes[lower]) { lower += 1 }
        while upper > lower, isBlank(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The text between a line's double quotes, unescaped; nil when it is not quoted or a quote inside is bare.
    static func quoted(_ text: ArraySlice<UInt8>) -> String? {
        guard text.count >= 2, text.first == UInt8(ascii: "\""), text.last == UInt8(ascii: "\"") else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var escaped = false
        for byte in text.dropFirst().dropLast() {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                default: return nil
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                return nil
            } else {
                out.append(byte)
            }
        }
        return escaped ? nil : String(decoding: out, as: UTF8.self)
    }
}
