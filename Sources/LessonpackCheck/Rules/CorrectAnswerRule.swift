import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let correctAnswerCount: DiagnosticCode = "correct-answer-count"
}

/// Exactly one of a question's answers is marked correct.
struct CorrectAnswerRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        context.module.questions.enumerated().compactMap { index, question in
            guard !question.answers.isEmpty else { return nil }
            let correct = question.answers.filter(\.isCorrect).count
            guard correct != 1 else { return nil }
            let name = question.id.isEmpty ? "a question" : "question '\(question.id)'"
            let problem = correct == 0
                ? "has no correct answer: mark one with <key>correct</key><true/>"
                : "has \(correct) answers marked correct; exactly one must be"
            return context.problem(.correctAnswerCount, "\(name) \(problem)", at: .questions(index, .answers))
        }
    }
}
