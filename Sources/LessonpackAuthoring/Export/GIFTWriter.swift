import LessonpackDiagnostics
import LessonpackModel

/// A module's test bank and spoken questions written as Moodle GIFT, so that what an author wrote here can go
/// into Moodle or any tool that reads GIFT, and come back with `lessonpack import questions`.
///
/// Each question is titled with its id (`::t01::`); statements are `{TRUE}` or `{FALSE}`, multiple choice
/// `{=right ~wrong …}` in the module's order; an explanation or feedback is GIFT's general feedback (`####`). A
/// `$CATEGORY:` line heads each part; comments list the objectives and name the one each test item assesses.
/// GIFT has no place for recordings, so the spoken Q&A goes as text, and the file says so at the top.
package enum GIFTWriter {
    package enum Selection: String, CaseIterable, Sendable {
        case test, qa, all
    }

    package struct Export: Sendable {
        package var text: String
        package var testItems: Int
        package var qaQuestions: Int
        /// Why nothing was written: the module's own errors, or questions GIFT cannot say as the module has them.
        package var diagnostics: [Diagnostic]

        package var hasErrors: Bool { diagnostics.hasErrors }
    }

    /// The GIFT text for `selection` of a module read by `ModuleLoader`. A module with errors gets its
    /// diagnostics back and no text: half a module exported looks like all of it.
    package static func export(_ source: ModuleSource, from selection: Selection) -> Export {
        let module = source.module
        let testItems = selection == .qa ? [] : module.test.items
        let questions = selection == .test ? [] : module.questions
        guard !source.diagnostics.hasErrors else {
            return Export(text: "", testItems: 0, qaQuestions: 0, diagnostics: source.diagnostics)
        }
        let problems = unwritable(testItems, questions, source: source)
        guard problems.isEmpty else { return Export(text: "", testItems: 0, qaQuestions: 0, diagnostics: problems) }

        var lines = ["// \(oneLine(module.id)): \(oneLine(module.title)), version \(oneLine(module.version)); " +
                     "questions written as Moodle GIFT by 'lessonpack export questions'."]
        if !questions.isEmpty {
            lines.append("// The questions and answers (Q&A) are spoken in the module: only their texts are here, " +
                         "not the recordings.")
        }
        if !testItems.isEmpty {
            lines += ["", "$CATEGORY: \(escaped(module.id))/test"]
            let assessed = Set(testItems.map(\.objective))
            for objective in module.objectives where assessed.contains(objective.id) {
                lines.append("// objective \(oneLine(objective.id)): \(oneLine(objective.performance))")
            }
            for item in testItems {
                lines += ["", "// objective: \(oneLine(item.objective))"]
                switch item.kind {
                case .statement(let isCorrect):
                    lines.append(question(item.id, item.text, answers: [], truth: isCorrect,
                                          general: item.explanation))
                case .multipleChoice(let choices, let answer):
                    let right = choices.firstIndex(of: answer)
                    lines.append(question(item.id, item.text,
                                          answers: choices.indices.map { ($0 == right, choices[$0]) },
                                          general: item.explanation))
                }
            }
        }
        if !questions.isEmpty {
            lines += ["", "$CATEGORY: \(escaped(module.id))/qa"]
            for spoken in questions {
                lines += ["", question(spoken.id, spoken.text, answers: spoken.answers.map { ($0.isCorrect, $0.text) },
                                       general: spoken.feedback)]
            }
        }
        return Export(text: lines.joined(separator: "\n") + "\n", testItems: testItems.count,
                      qaQuestions: questions.count, diagnostics: [])
    }

    /// `text` with GIFT's special characters (`~ = # { } :` and the backslash) escaped, and line breaks as `\n`,
    /// so that it stays one piece of one question.
    package static func escaped(_ text: String) -> String {
        var output = ""
        for character in text {
            if character.isNewline {
                output += "\\n"
            } else {
                if "\\~=#{}:".contains(character) { output.append("\\") }
                output.append(character)
            }
        }
        return output
    }

    /// One question: a statement when `truth` is given, else multiple choice laid out one answer a line.
    private static func question(_ id: String, _ text: String, answers: [(right: Bool, text: String)],
                                 truth: Bool? = nil, general: String?) -> String {
        let feedback = general.flatMap { $0.isEmpty ? nil : "####" + escaped($0) } ?? ""
        // Moodle reads GIFT text as HTML unless told otherwise; text that HTML would change is marked plain.
        let everything = [text, general ?? ""] + answers.map(\.text)
        let plain = text.hasPrefix("[") || everything.contains { $0.contains("<") || $0.contains("&") }
        let head = "::\(escaped(id))::" + (plain ? "[plain]" : "") + escaped(text)
        if let truth { return head + "{" + (truth ? "TRUE" : "FALSE") + feedback + "}" }
        let lines = answers.map { "\t" + ($0.right ? "=" : "~") + escapedAnswer($0.text) }
        return ([head + "{"] + lines + (feedback.isEmpty ? [] : ["\t" + feedback]) + ["}"]).joined(separator: "\n")
    }

    /// An answer's text. One that starts `%…%` would be read as a weight (`%50%`), so its first `%` is escaped.
    private static func escapedAnswer(_ text: String) -> String {
        (text.first == "%" && text.dropFirst().contains("%") ? "\\" : "") + escaped(text)
    }

    /// What GIFT cannot say as the module has it: a choice question must have a right answer among two or more
    /// choices, else it reads back as another kind of question or none. `check` reports the same problems under
    /// the same codes; an export meets them in a module that was not checked.
    private static func unwritable(_ items: [TestItem], _ questions: [Question], source: ModuleSource) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (index, item) in items.enumerated() {
            guard case .multipleChoice(let choices, let answer) = item.kind else { continue }
            let origin = index < source.map.testItems.count ? source.map.testItems[index] : source.root(.test)
            if choices.count < 2 {
                problems.append(.error("invalid-choices", "item '\(item.id)' offers \(choices.count) choice" +
                                       "\(choices.count == 1 ? "" : "s"); GIFT would read it back as another kind " +
                                       "of question", at: origin.location(of: "choices")))
            } else if !choices.contains(answer) {
                problems.append(.error("answer-not-a-choice", "the answer of item '\(item.id)' is not one of its " +
                                       "choices, so GIFT cannot mark it right", at: origin.location(of: "answer")))
            }
        }
        for (index, question) in questions.enumerated() {
            let origin = index < source.map.questions.count ? source.map.questions[index] : source.root(.questions)
            let correct = question.answers.count(where: \.isCorrect)
            if question.answers.count < 2 {
                problems.append(.error("answer-count", "question '\(question.id)' has \(question.answers.count) " +
                                       "answer\(question.answers.count == 1 ? "" : "s"); GIFT would read it back as " +
                                       "another kind of question", at: origin.location(of: "answers")))
            } else if correct != 1 {
                problems.append(.error("correct-answer-count", "question '\(question.id)' has \(correct) answers " +
                                       "marked correct; GIFT's multiple choice has exactly one",
                                       at: origin.location(of: "answers")))
            }
        }
        return problems
    }

    /// A name or title in a comment line: a line break would end the comment.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
