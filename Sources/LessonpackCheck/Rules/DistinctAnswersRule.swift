import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let duplicateAnswer: DiagnosticCode = "duplicate-answer"
}

/// A spoken question's three answers read differently: two answers with the same text cannot be told apart, and
/// when one of them is the correct one the learner is marked wrong for the right words.
struct DistinctAnswersRule: CheckRule {
    static let codes: [DiagnosticCode] = [.duplicateAnswer]

    func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (question, origin) in zip(context.module.questions, context.map.questions) {
            let nodes = origin.fields["answers"]?.array ?? []
            var seen: [String: Int] = [:]
            for (index, answer) in question.answers.enumerated() where !answer.text.isEmpty {
                let key = answer.text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
                guard let first = seen[key] else {
                    seen[key] = index
                    continue
                }
                let name = question.id.isEmpty ? "a question" : "question '\(question.id)'"
                let location = nodes.indices.contains(index)
                    ? nodes[index].dictionary?["text"]?.location ?? nodes[index].location : origin.location(of: "answers")
                diagnostics.append(.error(.duplicateAnswer, "answer \(letter(index)) of \(name) reads '\(answer.text)', " +
                                          "as answer \(letter(first)) does; give each answer its own text",
                                          at: location))
            }
        }
        return diagnostics
    }
}

/// A, B, C… as the activity shows answers in the order written (before any shuffle).
private func letter(_ index: Int) -> String {
    index < 26 ? String(UnicodeScalar(UInt8(65 + index))) : "\(index + 1)"
}
