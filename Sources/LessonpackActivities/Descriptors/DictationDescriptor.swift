import LessonpackModel

extension DictationEngine {
    package static let descriptor = ActivityDescriptor(
        DictationEngine.self, title: "Dictation",
        counts: { module in [ActivityDescriptor.plural(module.lines(for: .dictation).count, "line")] },
        // What the learner typed, against the line as written: a fill-in (xAPI's default, case does not matter).
        answers: .items { item, module in
            guard let line = module.transcript.first(where: { $0.id == item.id }) else { return nil }
            return AnswerForm(question: .fillIn(expected: line.text), response: item.response)
        },
        legacy: .none)
}
