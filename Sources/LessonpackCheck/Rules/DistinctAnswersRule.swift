import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let duplicateAnswer: DiagnosticCode = "duplicate-answer"
}

/// A spoken question's three answers read differently: two answers with the same text cannot be told apart, and
/// when one of them is the correct one the learner is marked wrong for the right words.
struct DistinctAnswersRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (questionIndex, question) in context.module.questions.enumerated() {
            var seen: [String: Int] = [:]
            for (index, answer) in question.answers.enumerated() where !answer.text.isEmpty {
                let key = Self.asHeard(answer.text)
                guard let first = seen[key] else {
                    seen[key] = index
                    continue
                }
                let name = question.id.isEmpty ? "a question" : "question '\(question.id)'"
                diagnostics.append(context.problem(.duplicateAnswer, "answer \(ModulePath.letter(index)) of \(name) " +
                                                   "reads '\(answer.text)', as answer \(ModulePath.letter(first)) does; " +
                                                   "give each answer its own text",
                                                   at: .questions(questionIndex, .answer(index, .text))))
            }
        }
        return diagnostics
    }
}

extension DistinctAnswersRule {
    /// An answer as it is heard: case and runs of white space do not tell two answers apart.
    static func asHeard(_ text: String) -> String {
        // Plain ASCII (most answers) by the byte: the same words as by Character, at a tenth of the cost.
        text.utf8.allSatisfy { $0 < 0x80 } ? asHeardASCII(text) : asHeardByCharacter(text)
    }

    static func asHeardByCharacter(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func asHeardASCII(_ text: String) -> String {
        var words: [UInt8] = []
        words.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            // Character.isWhitespace among ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !words.isEmpty
                continue
            }
            if pendingSpace { words.append(0x20) }
            pendingSpace = false
            words.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
        }
        return String(decoding: words, as: UTF8.self)
    }
}
