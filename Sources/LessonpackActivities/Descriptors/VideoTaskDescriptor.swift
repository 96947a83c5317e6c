import LessonpackModel

extension VideoTaskEngine {
    package static let descriptor = ActivityDescriptor(
        VideoTaskEngine.self, title: "Video task",
        counts: { module in [ActivityDescriptor.plural(module.videoTask.count, "statement")] },
        answers: .items { item, module in
            guard let statement = module.videoTask.first(where: { $0.id == item.id }) else { return nil }
            return AnswerForm(question: .trueFalse(isTrue: statement.isCorrect), response: item.response)
        },
        confirmsAnswersTogether: true,
        legacy: .read(
            details: { _ in .none },
            attempt: { legacy, _ in
                LegacyConversion(VideoTaskEngine.self, setup: NoSetup(), steps: legacy.steps) { step in
                    switch step.kind {
                    case "set":
                        step.item.flatMap { id in step.value.flatMap(TriState.init).map { [.mark(statement: id, state: $0)] } } ?? []
                    case "check": [.check]
                    default: []
                    }
                }
            }))
}
