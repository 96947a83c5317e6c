import Foundation

/// The small marks teachers write in a lesson's lines: list numbers typed by hand, labels such as `Feedback:`,
/// true and false, the right answer, the lines that show an answer, and an item's objective. Each finder returns
/// what it found and the text without it, so what is left is exactly what the learner reads.
enum LessonMarks {
    static let trueSymbols: Set<Character> = ["✓", "✔", "☑", "✅"]
    static let falseSymbols: Set<Character> = ["✗", "✘", "✕", "☒", "❌"]

    /// A number or letter typed at the start of a line (`1.`, `1)`, `Q1.`, `Question 1:`, `a)`, `A.`, `(a)`) or a
    /// typed bullet, and how many characters it takes with the space after it.
    static func literalMarker(_ text: String) -> (marker: ListMarker, length: Int)? {
        let characters = Array(text)
        var index = 0
        func skipSpaces() { while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 } }
        if let first = characters.first, "•‣◦▪-–*".contains(first), characters.count > 1, characters[1] == " " {
            index = 1
            skipSpaces()
            return (.bullet, index)
        }
        // "Question 1:", "Q1.", "Q 1)"
        let lowered = text.lowercased()
        for word in ["question", "q"] where lowered.hasPrefix(word) {
            index = word.count
            skipSpaces()
            let digitsStart = index
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            guard index > digitsStart, let number = Int(String(characters[digitsStart..<index])) else { continue }
            if index < characters.count, ".):".contains(characters[index]) { index += 1 }
            guard index < characters.count, characters[index] == " " else { continue }
            skipSpaces()
            return (.number(number), index)
        }
        index = 0
        let parenthesised = characters.first == "("
        if parenthesised { index = 1 }
        let start = index
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
        if index > start {
            guard let number = Int(String(characters[start..<index])), index < characters.count,
                  parenthesised ? characters[index] == ")" : ".)".contains(characters[index]) else { return nil }
            index += 1
            guard index < characters.count, characters[index] == " " else { return nil }
            skipSpaces()
            return (.number(number), index)
        }
        // One letter, then ")" or "." (or "(a)"), then a space: "a) Yes", "B. No", "(c) Maybe".
        guard index < characters.count, let ascii = characters[index].asciiValue, characters[index].isLetter else { return nil }
        index += 1
        guard index < characters.count, parenthesised ? characters[index] == ")" : ".)".contains(characters[index]) else {
            return nil
        }
        index += 1
        guard index < characters.count, characters[index] == " " else { return nil }
        skipSpaces()
        let letter = Int(ascii | 0x20) - Int(UInt8(ascii: "a"))
        return (.letter(letter), index)
    }

    /// The letter of an answer or item: 0 → "a", 25 and past it → "z".
    static func letter(_ index: Int) -> String {
        String(Character(Unicode.Scalar(UInt8(97 + min(max(index, 0), 25)))))
    }

    /// `Performance: …` → ("performance", "…"), when the line starts with one of `labels` (lowercase) and a colon.
    static func label(_ text: String, among labels: [String]) -> (label: String, value: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        guard labels.contains(name) else { return nil }
        return (name, text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// A statement's true or false: `(true)`, `(false)`, `(T)`, `(F)`, `[true]`, or a tick or a cross.
    static func truth(in text: String) -> (isTrue: Bool, rest: String)? {
        for group in bracketedGroups(in: text) {
            switch group.content.lowercased().trimmingCharacters(in: .whitespaces) {
            case "true", "t": return (true, removing(group.range, from: text))
            case "false", "f": return (false, removing(group.range, from: text))
            default: continue
            }
        }
        if let index = text.firstIndex(where: { trueSymbols.contains($0) }) {
            return (true, removing(index..<text.index(after: index), from: text))
        }
        if let index = text.firstIndex(where: { falseSymbols.contains($0) }) {
            return (false, removing(index..<text.index(after: index), from: text))
        }
        return nil
    }

    /// The transcript lines that show an answer: `(line 4)`, `(lines 5, 6)`, `[lines 5 and 6]`, `(lines 5-7)`.
    /// Nil when there is no such group; an empty list when the group names no number it can read.
    static func lineReferences(in text: String) -> (lines: [Int], rest: String)? {
        for group in bracketedGroups(in: text) {
            let content = group.content.lowercased().trimmingCharacters(in: .whitespaces)
            // "line 4", "lines 5, 6", "line4"; not "lined paper".
            let word = content.prefix { $0.isLetter }
            guard word == "line" || word == "lines", content.dropFirst(word.count).first.map({ $0 == " " || $0.isNumber }) == true
            else { continue }
            let list = content.drop { $0.isLetter }
            var numbers: [Int] = []
            for part in list.split(whereSeparator: { $0 == "," || $0 == "&" || $0 == ";" })
                .flatMap({ $0.components(separatedBy: " and ") }) {
                let bounds = part.split(whereSeparator: { $0 == "-" || $0 == "–" || $0 == "—" })
                    .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                if bounds.count == 2, bounds[0] <= bounds[1], bounds[1] - bounds[0] < 100 {
                    numbers += Array(bounds[0]...bounds[1])
                } else if bounds.count == 1 {
                    numbers.append(bounds[0])
                }
            }
            return (numbers, removing(group.range, from: text))
        }
        return nil
    }

    /// An answer marked right: a tick, a star before or after it, or `(correct)`.
    static func rightAnswer(in text: String) -> (isRight: Bool, rest: String) {
        for group in bracketedGroups(in: text) {
            let content = group.content.lowercased().trimmingCharacters(in: .whitespaces)
            if content == "correct" || content == "right" { return (true, removing(group.range, from: text)) }
        }
        if let index = text.firstIndex(where: { trueSymbols.contains($0) }) {
            return (true, removing(index..<text.index(after: index), from: text))
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("*") { return (true, String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces)) }
        if trimmed.hasSuffix("*") { return (true, String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces)) }
        return (false, text)
    }

    /// An item's objective named in square brackets, `[greet-politely]`: any bracketed id that is not a line
    /// reference or a true/false mark.
    static func objectiveTag(in text: String) -> (tag: String, rest: String)? {
        for group in bracketedGroups(in: text) where group.square {
            let content = group.content.trimmingCharacters(in: .whitespaces)
            let lowered = content.lowercased()
            guard !content.isEmpty, !lowered.hasPrefix("line"), !["true", "false", "t", "f", "correct"].contains(lowered),
                  !content.contains(" ") || content.count <= 60 else { continue }
            return (content, removing(group.range, from: text))
        }
        return nil
    }

    /// `Each attempt draws 20 …` → 20.
    static func draw(in text: String) -> Int? {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard let index = words.firstIndex(where: { $0 == "draws" || $0 == "draw" }), words.prefix(index).contains("attempt")
        else { return nil }
        return words[(index + 1)...].lazy.compactMap { Int($0) }.first
    }

    struct Group {
        var range: Range<String.Index>
        var content: String
        var square: Bool
    }

    /// Every `( … )` and `[ … ]` in the text, not nested.
    static func bracketedGroups(in text: String) -> [Group] {
        var groups: [Group] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "(" || character == "[" {
                let closing: Character = character == "(" ? ")" : "]"
                if let end = text[text.index(after: index)...].firstIndex(of: closing) {
                    groups.append(Group(range: index..<text.index(after: end),
                                        content: String(text[text.index(after: index)..<end]), square: character == "["))
                    index = text.index(after: end)
                    continue
                }
            }
            index = text.index(after: index)
        }
        return groups
    }

    /// The text without `range`, trimmed, with the spaces around the mark folded: `Yes (correct).` → `Yes.`
    static func removing(_ range: Range<String.Index>, from text: String) -> String {
        var before = text[..<range.lowerBound]
        var after = text[range.upperBound...]
        while before.last == " " { before = before.dropLast() }
        while after.first == " " { after = after.dropFirst() }
        let joiner = before.isEmpty || after.isEmpty || ".,;:!?".contains(after.first!) ? "" : " "
        return (before + joiner + after).trimmingCharacters(in: .whitespaces)
    }
}
