import LessonpackDiagnostics
import LessonpackModel

/// A module's test bank and spoken questions written for another tool: Moodle GIFT, Moodle XML or Aiken. Each
/// format's writer says the questions its own way; what they share is here: which questions, and whether the
/// format can say them at all. `lessonpack import questions` reads all three back.
package enum QuestionExport {
    package enum Selection: String, CaseIterable, Sendable {
        case test, qa, all
    }

    package enum Format: String, CaseIterable, Sendable {
        case gift
        case moodleXML = "moodle-xml"
        case aiken

        /// The format's name in messages.
        package var name: String {
            switch self {
            case .gift: "GIFT"
            case .moodleXML: "Moodle XML"
            case .aiken: "Aiken"
            }
        }
    }

    package struct Export: Sendable {
        package var text: String
        package var testItems: Int
        package var qaQuestions: Int
        /// Why nothing was written (the module's own errors, or questions the format cannot say as the module has
        /// them), or what was left out (warnings: Aiken's true/false statements).
        package var diagnostics: [Diagnostic]

        package var hasErrors: Bool { diagnostics.hasErrors }
    }

    /// The text for `selection` of a module read by `ModuleLoader`, in `format`. A module with errors gets its
    /// diagnostics back and no text: half a module exported looks like all of it.
    package static func export(_ source: ModuleSource, from selection: Selection, as format: Format) -> Export {
        let module = source.module
        var testItems = selection == .qa ? [] : module.test.items
        let questions = selection == .test ? [] : module.questions
        guard !source.diagnostics.hasErrors else {
            return Export(text: "", testItems: 0, qaQuestions: 0, diagnostics: source.diagnostics)
        }
        let problems = unwritable(testItems, questions, source: source, format: format)
        guard problems.isEmpty else { return Export(text: "", testItems: 0, qaQuestions: 0, diagnostics: problems) }

        var leftOut: [Diagnostic] = []
        if format == .aiken {
            (testItems, leftOut) = AikenWriter.writable(testItems, source: source)
        }
        let text = switch format {
        case .gift: GIFTWriter.text(module, testItems: testItems, questions: questions)
        case .moodleXML: MoodleXMLWriter.text(module, testItems: testItems, questions: questions)
        case .aiken: AikenWriter.text(testItems: testItems, questions: questions)
        }
        return Export(text: text, testItems: testItems.count, qaQuestions: questions.count, diagnostics: leftOut)
    }

    /// What the formats cannot say as the module has it: a choice question must have a right answer among two or
    /// more choices, else it reads back as another kind of question or none. `check` reports the same problems under
    /// the same codes; an export meets them in a module that was not checked.
    private static func unwritable(_ items: [TestItem], _ questions: [Question], source: ModuleSource,
                                   format: Format) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (index, item) in items.enumerated() {
            guard case .multipleChoice(let choices, let answer) = item.kind else { continue }
            let origin = index < source.map.testItems.count ? source.map.testItems[index] : source.root(.test)
            if choices.count < 2 {
                problems.append(.error("invalid-choices", "item '\(item.id)' offers \(choices.count) choice" +
                                       "\(choices.count == 1 ? "" : "s"); \(format.name) would read it back as " +
                                       "another kind of question", at: origin.location(of: "choices")))
            } else if !choices.contains(answer) {
                problems.append(.error("answer-not-a-choice", "the answer of item '\(item.id)' is not one of its " +
                                       "choices, so \(format.name) cannot mark it right",
                                       at: origin.location(of: "answer")))
            } else if format == .aiken, choices.count > AikenWriter.letters.count {
                problems.append(.error("invalid-choices", "item '\(item.id)' offers \(choices.count) choices; Aiken " +
                                       "letters them A to Z", at: origin.location(of: "choices")))
            }
        }
        for (index, question) in questions.enumerated() {
            let origin = index < source.map.questions.count ? source.map.questions[index] : source.root(.questions)
            let correct = question.answers.count(where: \.isCorrect)
            if question.answers.count < 2 {
                problems.append(.error("answer-count", "question '\(question.id)' has \(question.answers.count) " +
                                       "answer\(question.answers.count == 1 ? "" : "s"); \(format.name) would read it " +
                                       "back as another kind of question", at: origin.location(of: "answers")))
            } else if correct != 1 {
                problems.append(.error("correct-answer-count", "question '\(question.id)' has \(correct) answers " +
                                       "marked correct; \(format.name)'s multiple choice has exactly one",
                                       at: origin.location(of: "answers")))
            } else if format == .aiken, question.answers.count > AikenWriter.letters.count {
                problems.append(.error("answer-count", "question '\(question.id)' has \(question.answers.count) " +
                                       "answers; Aiken letters them A to Z", at: origin.location(of: "answers")))
            }
        }
        return problems
    }
}
