import LessonpackModel
import LessonpackCore

extension TestEngine {
    package static let descriptor = ActivityDescriptor(
        TestEngine.self, title: "Test",
        counts: { module in
            [ActivityDescriptor.plural(module.test.items.count, "item") + " in the bank", "\(module.test.draw) per attempt",
             ActivityDescriptor.plural(module.objectives.count, "objective")]
        },
        answers: .items { item, module in
            guard let testItem = module.test.items.first(where: { $0.id == item.id }) else { return nil }
            switch testItem.kind {
            case .statement(let isCorrect):
                return AnswerForm(question: .trueFalse(isTrue: isCorrect), response: item.response,
                                  weight: testItem.scoreWeight)
            case .multipleChoice(let choices, let answer):
                return AnswerForm(question: .choice(options: choices, correct: choices.firstIndex(of: answer)),
                                  response: item.response, weight: testItem.scoreWeight)
            }
        },
        confirmsAnswersTogether: true,
        dealsAfter: .lastFinishedAttempt,
        legacy: .read(
            details: { values in
                .test(correct: values["correct"].flatMap(Int.init) ?? 0, incorrect: values["incorrect"].flatMap(Int.init) ?? 0,
                      unanswered: values["unanswered"].flatMap(Int.init) ?? 0)
            },
            attempt: { legacy, module in
                // The draw was made from the attempt's seed, avoiding the draw recorded in its setup, exactly as the
                // engine's deal still makes it.
                var random = SeededRandom(seed: legacy.seed)
                let lastDrawn = legacy.decode([String].self, "lastDrawn") ?? []
                let setup = TestEngine.deal(for: module, random: &random, previous: TestEngine.Setup(drawn: lastDrawn, options: [:]),
                                 options: NoOptions())
                return LegacyConversion(TestEngine.self, setup: setup, steps: legacy.steps) { step in
                    if step.kind == "finish" { return [.finish] }
                    guard step.kind == "answer", let item = step.item else { return [] }
                    switch step.value {
                    case "correct"?: return [.answer(item: item, answer: .correct)]
                    case "incorrect"?: return [.answer(item: item, answer: .incorrect)]
                    case let value? where value.hasPrefix("option "):
                        return Int(value.dropFirst(7)).map { [.answer(item: item, answer: .choice(index: $0))] } ?? []
                    default: return [.answer(item: item, answer: .cleared)]
                    }
                }
            }))
}
