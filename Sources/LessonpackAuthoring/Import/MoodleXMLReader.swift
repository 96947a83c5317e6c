import LessonpackDiagnostics
import LessonpackSystem
import PropertyList
import XMLStream

/// Moodle XML, what Moodle's question bank exports: `<quiz>` holding `<question type="…">` elements, each with its
/// text in `<questiontext format="…"><text>`, its answers as `<answer fraction="100">` (per cent of the marks), and
/// feedback. Multiple choice with one right answer and true/false come into a module; categories and descriptions
/// are not questions and are passed over; every other type, several right answers, part credit and media are
/// reported where they are written. Text in HTML (Moodle's editors write it, often inside CDATA) becomes plain text.
enum MoodleXMLReader {
    static func read(_ bytes: [UInt8], file: String) -> ReadResult<ImportedQuestion> {
        var reader = Reader(file: file)
        let tree = XMLElementTree(bytes)
        reader.result.diagnostics = tree.problems.map { reader.diagnostic(for: $0) }
        guard !reader.result.hasErrors, let root = tree.root else { return reader.result }
        guard root.name == "quiz" else {
            reader.result.diagnostics.append(.error(.importSyntax, "not a Moodle XML question file: it starts with " +
                                                    "<\(root.name)>, and Moodle's start with <quiz>",
                                                    at: reader.location(root.start)))
            return reader.result
        }
        for element in root.children {
            guard element.name == "question" else {
                reader.warn(.importSyntax, "<\(element.name)> is not a <question>; ignored", at: element.start)
                continue
            }
            reader.readQuestion(element)
        }
        return reader.result
    }

    /// Question types a module has no place for, as Moodle's question bank names them.
    static let unsupportedTypes: [String: String] = [
        "shortanswer": "short-answer", "essay": "essay", "matching": "matching", "numerical": "numerical",
        "calculated": "calculated", "calculatedsimple": "simple calculated", "calculatedmulti": "calculated multichoice",
        "multianswer": "embedded-answer (Cloze)", "ddwtos": "drag-and-drop into text", "gapselect": "select missing words",
        "ddimageortext": "drag-and-drop onto image", "ddmarker": "drag-and-drop markers", "ordering": "ordering",
        "randomsamatch": "random short-answer matching", "random": "random",
    ]

    private typealias Element = XMLElementTree.Element

    private struct Reader {
        let file: String
        var result = ReadResult<ImportedQuestion>()

        func location(_ position: SourcePosition) -> SourceLocation { SourceLocation(file: file, position: position) }

        mutating func warn(_ code: DiagnosticCode, _ message: String, at position: SourcePosition) {
            result.diagnostics.append(.warning(code, message, at: location(position)))
        }

        /// An answer as written: its share of the marks, its text and its feedback.
        struct Answer {
            var element: Element
            var fraction: Double
            var text: String
            var feedback: String?

            var isRight: Bool { abs(fraction - 100) < 0.000_1 }
            var isWrong: Bool { abs(fraction) < 0.000_1 }
        }

        mutating func readQuestion(_ question: Element) {
            let type = question.attributes["type"] ?? ""
            switch type {
            case "category", "description":
                // Where the questions were kept and text shown between them: nothing a module asks.
                return
            case "multichoice", "truefalse":
                break
            default:
                let name = MoodleXMLReader.unsupportedTypes[type].map { "\($0) questions" }
                    ?? (type.isEmpty ? "questions with no type" : "'\(type)' questions")
                return warn(.importUnsupported, "\(name) cannot be imported (a module's test and Q&A hold true/false " +
                            "and multiple choice); skipped", at: question.start)
            }
            guard let textElement = question.child("questiontext") else {
                return warn(.importSyntax, "the question has no <questiontext>; skipped", at: question.start)
            }
            guard let text = content(of: textElement, what: "the question") else { return }
            guard !text.isEmpty else {
                return warn(.importSyntax, "the question's text is empty; skipped", at: textElement.start)
            }
            var answers: [Answer] = []
            for element in question.children("answer") {
                guard let said = content(of: element, what: "an answer") else { return }
                let fraction = element.attributes["fraction"].flatMap { Double($0.trimmingAny(of: " ")) } ?? 0
                let feedback = element.child("feedback").flatMap { content(of: $0, what: "an answer's feedback") }
                answers.append(Answer(element: element, fraction: fraction, text: said,
                                      feedback: feedback.flatMap { $0.isEmpty ? nil : $0 }))
            }
            let general = question.child("generalfeedback").flatMap { content(of: $0, what: "the general feedback") }
                .flatMap { $0.isEmpty ? nil : $0 }
            let kind: ImportedQuestion.Kind
            let explanation: String?
            if type == "truefalse" {
                guard let right = answers.first(where: \.isRight), answers.count(where: \.isRight) == 1,
                      let truth = ["true": true, "false": false][right.text.lowercased()] else {
                    return warn(.importSyntax, "a true/false question has one answer worth 100% (fraction=\"100\"), " +
                                "'true' or 'false'; this one has not; skipped", at: question.start)
                }
                kind = .trueFalse(truth)
                // The module shows the explanation to a learner who got it wrong: what Moodle tells them is the
                // feedback on the wrong answer.
                explanation = general ?? answers.first(where: { !$0.isRight })?.feedback ?? right.feedback
            } else {
                guard let (choices, right) = multipleChoice(question, answers) else { return }
                kind = .multipleChoice(choices: choices, answer: right.text)
                explanation = general ?? right.feedback
            }
            result.items.append(ImportedQuestion(text: text, kind: kind, explanation: explanation,
                                                 location: location(question.start)))
        }

        /// The choices and the right answer of a multiple-choice question a module can hold, or nil when it
        /// cannot (reported).
        private mutating func multipleChoice(_ question: Element, _ answers: [Answer]) -> ([String], Answer)? {
            if let single = question.child("single"), ["false", "0"].contains(single.text.trimmingAny(of: " \t\n")) {
                warn(.importUnsupported, "a multiple-answer question (<single>false</single>: learners tick every " +
                     "right answer) cannot be imported: a module's questions have exactly one right answer; skipped",
                     at: single.start)
                return nil
            }
            guard answers.count >= 2 else {
                warn(.importSyntax, "a multiple-choice question has at least two answers; this one has " +
                     "\(answers.count); skipped", at: question.start)
                return nil
            }
            let rightOnes = answers.filter(\.isRight)
            guard let right = rightOnes.first else {
                warn(.importUnsupported, "no answer is worth 100% (fraction=\"100\"), so none is simply right; a " +
                     "module's questions have exactly one right answer; skipped", at: question.start)
                return nil
            }
            guard rightOnes.count == 1 else {
                warn(.importUnsupported, "\(rightOnes.count) answers are worth 100%; a module's questions have exactly " +
                     "one right answer; skipped", at: rightOnes[1].element.start)
                return nil
            }
            if let empty = answers.first(where: { $0.text.isEmpty }) {
                warn(.importSyntax, "an answer with no text; the question was skipped", at: empty.element.start)
                return nil
            }
            for partial in answers where !partial.isRight && !partial.isWrong {
                warn(.importUnsupported, "part credit (fraction=\"\(partial.element.attributes["fraction"] ?? "")\") " +
                     "is not kept: this answer counts as wrong", at: partial.element.start)
            }
            return (answers.map(\.text), right)
        }

        /// The text of an element holding `<text>` in the element's `format`, as plain text. Media in a question
        /// or an answer make it unusable (nil, reported); in feedback they are left out (reported).
        private mutating func content(of element: Element, what: String) -> String? {
            guard let textElement = element.child("text") else { return "" }
            let format = element.attributes["format"] ?? "html"
            let converted = format == "plain_text" || format == "markdown"
                ? HTMLText.literal(textElement.text) : HTMLText.plain(textElement.text)
            for name in converted.unknownReferences {
                warn(.importSyntax, HTMLText.unknownReferenceMessage(name, in: what),
                     at: textElement.position(ofScalar: HTMLText.offset(of: name, in: textElement.text)))
            }
            guard let media = converted.media.first else { return converted.text }
            let position = textElement.position(ofScalar: media.offset)
            if what.hasSuffix("feedback") {
                warn(.importUnsupported, "\(media.what) in \(what) cannot come into a module; the feedback keeps " +
                     "only its text", at: position)
                return converted.text
            }
            warn(.importUnsupported, "\(media.what) in \(what) cannot come into a module (Moodle keeps it; a " +
                 "module's questions are text, with recordings made for them); the question was skipped", at: position)
            return nil
        }

        /// The XML layer's problems in this file's words: Moodle never writes a DOCTYPE, so any declaration in one
        /// is refused as what it can be, a way to read other files or to expand without end.
        func diagnostic(for problem: XMLProblem) -> Diagnostic {
            let (code, message): (DiagnosticCode, String) = switch problem.kind {
            case .syntax: (.xmlSyntax, problem.message)
            case .internalSubset: (.dtdNotAllowed, "a DOCTYPE with declarations ('[ … ]') is not allowed: Moodle " +
                                   "never writes one, and entities declared there could read other files or " +
                                   "grow without end")
            case .entityDeclaration: (.entityNotAllowed, "entity declarations are not allowed in a question file")
            case .undefinedEntity: (.entityNotAllowed, problem.message)
            case .tooDeep: (.nestingTooDeep, problem.message)
            case .tooLarge: (.fileTooLarge, problem.message)
            }
            return Diagnostic(problem.isWarning ? .warning : .error, code, message,
                              at: SourceLocation(file: file, position: problem.position),
                              notes: problem.notes.map { note in
                                  .init(note.message, at: SourceLocation(file: file, position: note.position))
                              })
        }
    }
}
