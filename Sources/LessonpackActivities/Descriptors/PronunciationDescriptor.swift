import LessonpackModel

extension PronunciationEngine {
    package static let descriptor = ActivityDescriptor(
        PronunciationEngine.self, title: "Pronunciation practice",
        counts: { module in [ActivityDescriptor.plural(module.transcript.count, "line")] },
        answers: .none,
        legacy: .read(
            details: { values in
                .pronunciation(recorded: values["recorded"].flatMap(Int.init) ?? 0, lines: values["lines"].flatMap(Int.init) ?? 0)
            },
            attempt: { legacy, _ in
                LegacyConversion(PronunciationEngine.self, setup: NoSetup(), steps: legacy.steps) { step in
                    guard let line = step.item else { return [] }
                    switch step.kind {
                    case "heard": return [.hearOriginal(line: line)]
                    case "recorded": return step.value.map { [.recorded(line: line, file: $0)] } ?? []
                    case "compared":
                        guard let value = step.value, let bar = value.firstIndex(of: "|"),
                              let mode = VoiceComparison(rawValue: String(value[..<bar])) else { return [] }
                        return [.compared(line: line, mode: mode, file: String(value[value.index(after: bar)...]))]
                    default: return []
                    }
                }
            }))
}
