import LessonpackModel

extension VocabularyEngine {
    package static let descriptor = ActivityDescriptor(
        VocabularyEngine.self, title: "Language and vocabulary",
        counts: { module in
            [ActivityDescriptor.plural(module.transcript.count, "line"),
             ActivityDescriptor.plural(Set(module.transcript.flatMap(\.terms)).count, "highlighted term")]
        },
        answers: .none,
        legacy: .read(
            details: { values in
                .vocabulary(terms: values["terms"].flatMap(Int.init) ?? 0, opened: values["opened"].flatMap(Int.init) ?? 0)
            },
            attempt: { legacy, _ in
                LegacyConversion(VocabularyEngine.self, setup: NoSetup(), steps: legacy.steps) { step in
                    step.kind == "open" ? step.item.map { [.open(term: $0)] } ?? [] : []
                }
            }))
}
