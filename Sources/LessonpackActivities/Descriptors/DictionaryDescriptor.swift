import LessonpackModel

extension DictionaryEngine {
    package static let descriptor = ActivityDescriptor(
        DictionaryEngine.self, title: "Dictionary and phrasebook",
        counts: { module in
            [ActivityDescriptor.plural(module.definitions.count, "definition"), ActivityDescriptor.plural(module.phrasebook.count, "box")]
        },
        answers: .none,
        legacy: .read(
            details: { values in
                .dictionary(entries: values["entries"].flatMap(Int.init) ?? 0, opened: values["opened"].flatMap(Int.init) ?? 0)
            },
            attempt: { legacy, _ in
                LegacyConversion(DictionaryEngine.self, setup: NoSetup(), steps: legacy.steps) { step in
                    step.kind == "open" ? step.item.map { [.open(term: $0)] } ?? [] : []
                }
            }))
}
