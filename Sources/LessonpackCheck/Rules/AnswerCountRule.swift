import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let answerCount: DiagnosticCode = "answer-count"
}

/// Each question has exactly three answers: the activity offers A, B and C.
struct AnswerCountRule: CheckRule {
    static let codes: [DiagnosticCode] = [.answerCount]
    static let requiredCount = 3

    func check(_ context: CheckContext) -> [Diagnostic] {
        zip(context.module.questions, context.map.questions).compactMap { question, origin in
            guard let nodes = origin.fields["answers"]?.array, nodes.count != Self.requiredCount else { return nil }
            let name = question.id.isEmpty ? "a question" : "question '\(question.id)'"
            return .error(.answerCount, "\(name) has \(nodes.count) answer\(nodes.count == 1 ? "" : "s"); it needs " +
                          "exactly \(Self.requiredCount) (A, B and C)", at: origin.location(of: "answers"))
        }
    }
}
