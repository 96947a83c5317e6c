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

    package init(parsing text: String) {
        var entries: [String: String] = [:]
        var problems: [Problem] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = Self.trimmed(Substring(rawLine))
            if line.isEmpty || line.first == "#" { continue }
            guard let equals = line.firstIndex(of: "=") else {
                problems.append(Problem(line: number, reason: "no '=' between a key and its text"))
                continue
            }
            let key = String(Self.trimmed(line[..<equals]))
            guard !key.isEmpty, key.allSatisfy(Self.isKeyCharacter) else {
                problems.append(Problem(line: number, reason: "a key is lower-case letters, digits, '.', '-' and '_'"))
                continue
            }
            guard let value = Self.quoted(Self.trimmed(line[line.index(after: equals)...])) else {
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

    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }

    /// The text between a line's double quotes, unescaped; nil when it is not quoted or a quote inside is bare.
    static func quoted(_ text: Substring) -> String? {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        var out = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "\"", "\\": out.append(character)
                default: return nil
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil
            } else {
                out.append(character)
            }
        }
        return escaped ? nil : out
    }
}
