import LessonpackModel

extension AudioGameEngine {
    package static let descriptor = ActivityDescriptor(
        AudioGameEngine.self, title: "Audio game",
        counts: { module in
            [ActivityDescriptor.plural(module.transcript.count, "tile"), ActivityDescriptor.plural(module.speakers.count, "speaker")]
        },
        // A game is scored as a whole: its moves are not answers to questions.
        answers: .none,
        legacy: .read(
            details: { values in
                .audioGame(difficulty: values["difficulty"].flatMap(AudioGameEngine.Difficulty.init) ?? .medium,
                           moves: values["moves"].flatMap(Int.init) ?? 0, mistakes: values["mistakes"].flatMap(Int.init) ?? 0,
                           solved: values["solved"] == "yes", tiles: values["tiles"].flatMap(Int.init) ?? 0)
            },
            attempt: { legacy, module in
                let dealt = legacy.decode([String?].self, "dealt") ?? []
                let count = module.transcript.count
                let difficulty = legacy.setup["difficulty"].flatMap(AudioGameEngine.Difficulty.init) ?? .medium
                let slots = dealt.count >= count ? Array(dealt.prefix(count)) : Array(repeating: nil, count: count)
                let setup = AudioGameEngine.Setup(difficulty: difficulty, slots: slots, tray: dealt.dropFirst(count).compactMap { $0 })
                return LegacyConversion(AudioGameEngine.self, setup: setup, steps: legacy.steps) { step in
                    guard step.kind == "place", let tile = step.item, let slot = step.value.flatMap(Int.init) else { return [] }
                    return [.place(tile: tile, slot: slot)]
                }
            }))
}
