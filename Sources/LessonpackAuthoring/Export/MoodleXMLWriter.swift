import LessonpackModel
import PropertyList

/// The test bank and the spoken questions as Moodle XML, the format Moodle's question bank imports and exports
/// whole: each question named by its id, in a category per part (`$course$/top/MODULE/test`, `…/qa`), its text
/// and feedback as plain text (`format="plain_text"`, so nothing is read as HTML), the right answer worth 100%,
/// an explanation or feedback as general feedback, a test item's objective as its tag and its weight as its
/// default mark. The spoken Q&A goes as text: Moodle XML could carry recordings only as files stored inside it.
enum MoodleXMLWriter {
    /// The Moodle XML of `testItems` and `questions`, which `QuestionExport` has checked.
    static func text(_ module: Module, testItems: [TestItem], questions: [Question]) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, "<quiz>"]
        if !testItems.isEmpty {
            lines += category("\(module.id)/test", info: "The test of '\(module.title)', version \(module.version).")
            for item in testItems {
                let weight = item.weight ?? 1
                switch item.kind {
                case .statement(let isCorrect):
                    lines += question(type: "truefalse", id: item.id, text: item.text, general: item.explanation,
                                      grade: weight,
                                      answers: [(isCorrect, "true"), (!isCorrect, "false")],
                                      tags: [item.objective])
                case .multipleChoice(let choices, let answer):
                    lines += question(type: "multichoice", id: item.id, text: item.text, general: item.explanation,
                                      grade: weight, answers: choices.map { ($0 == answer, $0) },
                                      tags: [item.objective])
                }
            }
        }
        if !questions.isEmpty {
            lines += category("\(module.id)/qa", info: "The questions and answers of '\(module.title)', spoken in " +
                              "the module: only their texts are here, not the recordings.")
            for spoken in questions {
                lines += question(type: "multichoice", id: spoken.id, text: spoken.text, general: spoken.feedback,
                                  grade: 1, answers: spoken.answers.map { ($0.isCorrect, $0.text) }, tags: [])
            }
        }
        lines.append("</quiz>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func category(_ path: String, info: String) -> [String] {
        ["  <question type=\"category\">",
         "    <category><text>$course$/top/\(xml(path))</text></category>",
         "    <info format=\"plain_text\"><text>\(xml(info))</text></info>",
         "  </question>"]
    }

    private static func question(type: String, id: String, text: String, general: String?, grade: Int,
                                 answers: [(right: Bool, text: String)], tags: [String]) -> [String] {
        var lines = ["  <question type=\"\(type)\">",
                     "    <name><text>\(xml(id))</text></name>",
                     "    <questiontext format=\"plain_text\"><text>\(xml(text))</text></questiontext>"]
        if let general, !general.isEmpty {
            lines.append("    <generalfeedback format=\"plain_text\"><text>\(xml(general))</text></generalfeedback>")
        }
        lines.append("    <defaultgrade>\(grade)</defaultgrade>")
        if type == "multichoice" {
            // The module's order is the author's; the player deals the choices itself.
            lines += ["    <single>true</single>", "    <shuffleanswers>false</shuffleanswers>",
                      "    <answernumbering>abc</answernumbering>"]
        }
        for answer in answers {
            lines.append("    <answer fraction=\"\(answer.right ? 100 : 0)\" format=\"plain_text\"><text>" +
                         "\(xml(answer.text))</text></answer>")
        }
        if !tags.isEmpty {
            lines.append("    <tags>" + tags.map { "<tag><text>\(xml($0))</text></tag>" }.joined() + "</tags>")
        }
        lines.append("  </question>")
        return lines
    }

    /// Text as XML element content. A module's text came from XML, so it holds nothing XML cannot; were it to,
    /// the character would become U+FFFD rather than make the file unreadable.
    private static func xml(_ text: String) -> String {
        let writable = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
                || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar
        }))
        return (try? PlistXMLWriter.escaped(writable)) ?? ""
    }
}
