import LessonpackDiagnostics

/// Moodle's GIFT format, as its documentation describes it: questions separated by blank lines, `//` comment lines,
/// an optional `::title::` and `[format]`, and answers in braces — `{T}`/`{FALSE}` for true/false, `{=right ~wrong}`
/// for multiple choice (anywhere in the sentence: the missing-word form), `#feedback` after an answer, `####`
/// general feedback, `%50%` weights, and `\` escaping `~ = # { } :`. Short-answer, matching, numerical and essay
/// questions are read and reported as skipped: a module's test and Q&A have no place for them.
enum GIFTReader {
    static func read(_ source: TextSource) -> ReadResult<ImportedQuestion> {
        var result = ReadResult<ImportedQuestion>()
        var block: [TextSource.Line] = []
        func finish() {
            if !block.isEmpty { readQuestion(block, source: source, into: &result) }
            block = []
        }
        for line in source.lines {
            let trimmed = line.text.trimmingAny(of: " \t")
            if trimmed.hasPrefix("//") { continue }
            if trimmed.isEmpty { finish() } else { block.append(line) }
        }
        finish()
        return result
    }

    /// The block's text as characters, each with the line and column it came from.
    private struct Located {
        var characters: [Character] = []
        var positions: [(line: Int, column: Int)] = []

        init(characters: [Character]) {
            self.characters = characters
        }

        init(_ lines: [TextSource.Line]) {
            for (index, line) in lines.enumerated() {
                if index > 0 {
                    characters.append("\n")
                    positions.append((lines[index - 1].number, lines[index - 1].text.count + 1))
                }
                for (column, character) in line.text.enumerated() {
                    characters.append(character)
                    positions.append((line.number, column + 1))
                }
            }
        }

        func isEscaped(_ index: Int) -> Bool {
            var backslashes = 0
            var cursor = index - 1
            while cursor >= 0, characters[cursor] == "\\" { backslashes += 1; cursor -= 1 }
            return backslashes % 2 == 1
        }

        /// The first unescaped `target` at or after `start` (and before `end`).
        func find(_ target: Character, from start: Int, to end: Int? = nil) -> Int? {
            var index = start
            while index < (end ?? characters.count) {
                if characters[index] == target, !isEscaped(index) { return index }
                index += 1
            }
            return nil
        }

        func find(_ target: String, from start: Int, to end: Int) -> Int? {
            let pattern = Array(target)
            var index = start
            while index + pattern.count <= end {
                if Array(characters[index..<index + pattern.count]) == pattern, !isEscaped(index) { return index }
                index += 1
            }
            return nil
        }
    }

    private static func readQuestion(_ lines: [TextSource.Line], source: TextSource,
                                     into result: inout ReadResult<ImportedQuestion>) {
        let text = Located(lines)
        let location = { (index: Int) -> SourceLocation in
            let position = index < text.positions.count ? text.positions[index] : (lines.last!.number, 1)
            return source.location(position.line, column: position.column)
        }
        let start = location(0)
        var cursor = 0
        if String(text.characters.prefix(10)) == "$CATEGORY:" { return }
        if text.characters.starts(with: [":", ":"]), let close = text.find("::", from: 2, to: text.characters.count) {
            cursor = close + 2
        }
        guard let open = text.find("{", from: cursor) else {
            result.diagnostics.append(.warning(.importUnsupported, "no answers in braces: GIFT calls this a " +
                                               "description; skipped", at: start))
            return
        }
        guard let close = text.find("}", from: open + 1) else {
            result.diagnostics.append(.error(.importSyntax, "'{' is never closed with '}'", at: location(open)))
            return
        }
        var prefix = unescape(text.characters[cursor..<open])
        for format in ["[html]", "[moodle]", "[plain]", "[markdown]"] where prefix.lowercased().hasPrefix(format) {
            prefix = String(prefix.dropFirst(format.count))
        }
        let suffix = unescape(text.characters[(close + 1)...]).trimmingAny(of: " \t\n")
        prefix = prefix.trimmingAny(of: " \t\n")
        var question = prefix
        if !suffix.isEmpty {
            // The missing-word form: the answers stood in the middle of the sentence.
            question += " _____" + (suffix.first.map { $0.isPunctuation } == true ? "" : " ") + suffix
        }
        question = CueText.collapseWhitespace(question.newlinesAsSpaces)

        let body = (open + 1)..<close
        var answersEnd = close
        var general: String?
        if let mark = text.find("####", from: body.lowerBound, to: close) {
            general = clean(text.characters[(mark + 4)..<close])
            answersEnd = mark
        }
        let answers = String(text.characters[body.lowerBound..<answersEnd]).trimmingAny(of: " \t\n")
        func skip(_ kind: String) {
            result.diagnostics.append(.warning(.importUnsupported, "\(kind) questions cannot be imported (a module's " +
                                               "test and Q&A hold true/false and multiple choice); skipped", at: start))
        }
        if answers.isEmpty { return skip("essay") }
        if answers.hasPrefix("#") { return skip("numerical") }

        if let truth = trueFalse(answers) {
            // {FALSE#feedback for a wrong answer#feedback for a right one}: the first is the explanation.
            let characters = Located(characters: Array(answers))
            let feedback = characters.find("#", from: 0).map { first in
                clean(characters.characters[(first + 1)..<(characters.find("#", from: first + 1) ?? answers.count)])
            }
            result.items.append(ImportedQuestion(text: question, kind: .trueFalse(truth),
                                                 explanation: general ?? feedback, location: start))
            return
        }
        guard let firstMark = (body.lowerBound..<answersEnd).first(where: { !text.characters[$0].isWhitespace }),
              text.characters[firstMark] == "=" || text.characters[firstMark] == "~" else {
            result.diagnostics.append(.error(.importSyntax, "expected answers starting with '=' (right) or '~' " +
                                             "(wrong), or T or F", at: location(open + 1)))
            return
        }
        var options: [(right: Bool, weight: Int?, text: String, feedback: String?)] = []
        var index = firstMark
        while index < answersEnd {
            let marker = text.characters[index]
            var end = index + 1
            while end < answersEnd, !((text.characters[end] == "=" || text.characters[end] == "~") && !text.isEscaped(end)) {
                end += 1
            }
            var body = Array(text.characters[(index + 1)..<end])
            var weight: Int?
            if body.first == "%", let percent = body.dropFirst().firstIndex(of: "%") {
                weight = Int(String(body[1..<percent]))
                body = Array(body[(percent + 1)...])
            }
            let answerText = Located(characters: body)
            let hash = answerText.find("#", from: 0)
            let said = clean(body[..<(hash ?? body.count)])
            let feedback = hash.map { clean(body[($0 + 1)...]) }
            if said.contains("->") { return skip("matching") }
            options.append((marker == "=", weight, said, feedback.flatMap { $0.isEmpty ? nil : $0 }))
            index = end
        }
        let rightOnes = options.filter { $0.right && ($0.weight ?? 100) == 100 }
        if options.allSatisfy(\.right) { return skip("short-answer") }
        guard rightOnes.count == 1, let right = rightOnes.first else {
            result.diagnostics.append(.warning(.importUnsupported, rightOnes.isEmpty
                ? "no answer is marked right with '=' (several part-credit answers make a multiple-answer question, " +
                  "which a module cannot hold); skipped"
                : "\(rightOnes.count) answers are marked right; a module's questions have exactly one; skipped", at: start))
            return
        }
        if options.contains(where: { $0.weight != nil && !($0.right && $0.weight == 100) }) {
            result.diagnostics.append(.warning(.importUnsupported, "part-credit weights (%…%) are not kept: the '=' " +
                                               "answer is right, the others wrong", at: start))
        }
        result.items.append(ImportedQuestion(text: question, kind: .multipleChoice(choices: options.map(\.text),
                                                                                  answer: right.text),
                                             explanation: general ?? right.feedback, location: start))
    }

    /// `{T}`, `{TRUE}`, `{F}`, `{FALSE}`, each optionally followed by feedback.
    private static func trueFalse(_ answers: String) -> Bool? {
        let head = answers.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingAny(of: " \t\n") } ?? ""
        return trueFalseAnswers[head]
    }

    /// The answers a true-false question's braces may hold; anything else makes it another kind of question.
    private static let trueFalseAnswers: [String: Bool] = ["T": true, "TRUE": true, "F": false, "FALSE": false]

    private static func clean(_ characters: ArraySlice<Character>) -> String {
        CueText.collapseWhitespace(unescape(characters).newlinesAsSpaces).trimmingAny(of: " ")
    }

    /// `\~ \= \# \{ \} \:` and `\\` stand for themselves; `\n` is a line break.
    private static func unescape(_ characters: ArraySlice<Character>) -> String {
        var output = ""
        var index = characters.startIndex
        while index < characters.endIndex {
            let character = characters[index]
            if character == "\\", index + 1 < characters.endIndex {
                let next = characters[index + 1]
                output.append(next == "n" ? "\n" : next)
                index += 2
            } else {
                output.append(character)
                index += 1
            }
        }
        return output
    }
}
