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
    /// The GIFT text of `testItems` and `questions`, which `QuestionExport` has checked GIFT can say.
    static func text(_ module: Module, testItems: [TestItem], questions: [Question]) -> String {
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
        return lines.joined(separator: "\n") + "\n"
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

    /// A name or title in a comment line: a line break would end the comment.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
