import LessonpackDiagnostics

/// Aiken, as Moodle documents it: each question is one line, then two or more options written `A. text` or
/// `A) text`, then `ANSWER: X`; blank lines between questions.
enum AikenReader {
    static func read(_ source: TextSource) -> ReadResult<ImportedQuestion> {
        var result = ReadResult<ImportedQuestion>()
        for block in source.blocks {
            guard let answerIndex = block.firstIndex(where: { $0.text.hasPrefix("ANSWER:") }) else {
                result.diagnostics.append(.error(.importSyntax, "the question has no 'ANSWER: X' line",
                                                 at: source.location(block[block.count - 1].number)))
                continue
            }
            guard answerIndex > 0 else {
                result.diagnostics.append(.error(.importSyntax, "an ANSWER line with no question and options before it " +
                                                 "(a blank line splits a question in Aiken)", at: source.location(block[0].number)))
                continue
            }
            let question = block[0]
            var choices: [(letter: Character, text: String)] = []
            var broken = false
            for line in block[1..<answerIndex] {
                let text = line.text.trimmingAny(of: " \t")
                let characters = Array(text)
                guard characters.count > 2, let letter = characters.first, letter.isUppercase, letter.isASCII,
                      characters[1] == "." || characters[1] == ")" else {
                    result.diagnostics.append(.error(.importSyntax, "expected an option like 'B. text' or 'B) text' " +
                                                     "(a question is one line in Aiken)", at: source.location(line.number)))
                    broken = true
                    continue
                }
                choices.append((letter, CueText.collapseWhitespace(String(characters.dropFirst(2)))))
            }
            let answerLine = block[answerIndex]
            let answerLetter = answerLine.text.dropFirst("ANSWER:".count).trimmingAny(of: " \t")
            if broken { continue }
            guard choices.count >= 2 else {
                result.diagnostics.append(.error(.importSyntax, "a question needs at least two options",
                                                 at: source.location(question.number)))
                continue
            }
            guard answerLetter.count == 1, let right = choices.first(where: { String($0.letter) == answerLetter }) else {
                result.diagnostics.append(.error(.importSyntax, "'ANSWER: \(answerLetter)' names no option; the options " +
                                                 "are \(choices.map { String($0.letter) }.joined(separator: ", "))",
                                                 at: source.location(answerLine.number, column: 9)))
                continue
            }
            if answerIndex != block.count - 1 {
                result.diagnostics.append(.warning(.importSyntax, "text after the ANSWER line is ignored",
                                                   at: source.location(block[answerIndex + 1].number)))
            }
            // VT, FF and the Unicode separators stay in a line's text (TextSource ends lines at CR and LF only);
            // in a question they are spacing, and XML could not hold VT or FF.
            result.items.append(ImportedQuestion(text: CueText.collapseWhitespace(question.text),
                                                 kind: .multipleChoice(choices: choices.map(\.text), answer: right.text),
                                                 location: source.location(question.number)))
        }
        return result
    }
}
