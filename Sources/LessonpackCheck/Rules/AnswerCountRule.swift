import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let answerCount: DiagnosticCode = "answer-count"
}

/// Each question has exactly three answers: the activity offers A, B and C.
struct AnswerCountRule: CheckRule {
    static let requiredCount = 3

    func check(_ context: CheckContext) -> [Diagnostic] {
        context.module.questions.enumerated().compactMap { index, question in
            guard let count = context.writtenCount(.questions(index, .answers), else: question.answers.count),
                  count != Self.requiredCount else { return nil }
            let name = question.id.isEmpty ? "a question" : "question '\(question.id)'"
            return context.problem(.answerCount, "\(name) has \(count) answer\(count == 1 ? "" : "s"); it needs " +
                                   "exactly \(Self.requiredCount) (A, B and C)", at: .questions(index, .answers))
        }
    }
}
