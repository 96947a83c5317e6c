import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    /// An export's format has no place for part of the module, so that part is not in the file.
    package static let exportLeftOut: DiagnosticCode = "export-left-out"
}

/// Multiple-choice questions written as Aiken, the plain format Moodle imports: the question on one line, then one
/// option a line (`A. text`), then `ANSWER: A`, a blank line between questions. Aiken has nothing else: no ids, no
/// feedback, no true/false, so statements are left out (said as warnings) and explanations are not written.
enum AikenWriter {
    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// The multiple-choice items, and a warning for each statement left out.
    static func writable(_ items: [TestItem], source: ModuleSource) -> (items: [TestItem], leftOut: [Diagnostic]) {
        var kept: [TestItem] = []
        var leftOut: [Diagnostic] = []
        for (index, item) in items.enumerated() {
            guard case .statement = item.kind else { kept.append(item); continue }
            let origin = index < source.map.testItems.count ? source.map.testItems[index] : source.root(.test)
            leftOut.append(.warning(.exportLeftOut, "item '\(item.id)' is a true/false statement, and Aiken has only " +
                                    "multiple choice: it is left out (GIFT and Moodle XML keep it)",
                                    at: origin.location(of: "text")))
        }
        return (kept, leftOut)
    }

    /// The Aiken text of multiple-choice `testItems` and `questions`, which `QuestionExport` has checked.
    static func text(testItems: [TestItem], questions: [Question]) -> String {
        var blocks: [String] = []
        for item in testItems {
            guard case .multipleChoice(let choices, let answer) = item.kind,
                  let right = choices.firstIndex(of: answer) else { continue }
            blocks.append(block(item.text, choices, right: right))
        }
        for question in questions {
            guard let right = question.answers.firstIndex(where: \.isCorrect) else { continue }
            blocks.append(block(question.text, question.answers.map(\.text), right: right))
        }
        return blocks.map { $0 + "\n" }.joined(separator: "\n")
    }

    /// One question. Every part is one line in Aiken, so line breaks within a text become spaces.
    private static func block(_ text: String, _ choices: [String], right: Int) -> String {
        ([oneLine(text)] + choices.indices.map { "\(letters[$0]). \(oneLine(choices[$0]))" }
            + ["ANSWER: \(letters[right])"]).joined(separator: "\n")
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
