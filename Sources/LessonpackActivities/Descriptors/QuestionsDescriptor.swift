import LessonpackModel

extension QuestionsEngine {
    package static let descriptor = ActivityDescriptor(
        QuestionsEngine.self, title: "Questions and answers",
        counts: { module in [ActivityDescriptor.plural(module.questions.count, "question")] },
        answers: .items { item, module in
            guard let question = module.questions.first(where: { $0.id == item.id }) else { return nil }
            let texts = question.answers.map(\.text)
            return AnswerForm(question: .choice(options: texts, correct: question.answers.firstIndex(where: \.isCorrect)),
                              response: item.response)
        },
        legacy: .read(
            details: { _ in .none },
            attempt: { legacy, _ in
                let orders = legacy.decode([String: [Int]].self, "orders") ?? [:]
                // Legacy logs chose a letter, then checked it: the check is the answer.
                var chosen: [String: Int] = [:]
                return LegacyConversion(QuestionsEngine.self, setup: QuestionsEngine.Setup(orders: orders), steps: legacy.steps) { step in
                    guard let question = step.item else { return [] }
                    switch step.kind {
                    case "choose":
                        chosen[question] = step.value.flatMap(Int.init)
                        return []
                    case "check": return chosen[question].map { [.answer(question: question, letter: $0)] } ?? []
                    default: return []
                    }
                }
            }))
}
