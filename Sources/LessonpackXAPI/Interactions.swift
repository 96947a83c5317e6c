import LessonpackActivities
import LessonpackModel

/// What each answerable item is as an xAPI interaction: a statement judged true or false (the video task's, the
/// test's), a choice among answers (the questions', the test's multiple choice), or a line typed in (the
/// dictation's fill-in). Choices are named `c1`, `c2`…
/// in the order the module writes them, not the order an attempt showed them, so the same answer has the same id
/// in every attempt.
enum Interactions {
    struct Interaction {
        var definition: ActivityDefinition
        var response: String?
    }

    static func interaction(for item: ItemOutcome, in kind: ActivityKind, of module: Module) -> Interaction? {
        let description = ["en-US": item.prompt]
        switch kind {
        case .videoTask:
            guard let statement = module.videoTask.first(where: { $0.id == item.id }) else { return nil }
            return Interaction(definition: trueFalse(description, isCorrect: statement.isCorrect),
                               response: judgement(item.answer))
        case .questions:
            guard let question = module.questions.first(where: { $0.id == item.id }) else { return nil }
            let texts = question.answers.map(\.text)
            let right = question.answers.firstIndex(where: \.isCorrect)
            return Interaction(definition: choice(description, texts: texts, right: right),
                               response: item.answer.flatMap { texts.firstIndex(of: $0) }.map(choiceID))
        case .test:
            guard let testItem = module.test.items.first(where: { $0.id == item.id }) else { return nil }
            var interaction: Interaction
            switch testItem.kind {
            case .statement(let isCorrect):
                interaction = Interaction(definition: trueFalse(description, isCorrect: isCorrect),
                                          response: judgement(item.answer))
            case .multipleChoice(let choices, let answer):
                interaction = Interaction(definition: choice(description, texts: choices, right: choices.firstIndex(of: answer)),
                                          response: item.answer.flatMap { choices.firstIndex(of: $0) }.map(choiceID))
            }
            interaction.definition.extensions = [ExtensionIRI.weight: .number(Double(testItem.scoreWeight))]
            return interaction
        case .dictation:
            // What the learner typed, against the line as written; case does not matter, as the marking forgives it.
            guard let line = module.transcript.first(where: { $0.id == item.id }) else { return nil }
            return Interaction(definition: ActivityDefinition(description: description, type: ActivityType.interaction,
                                                              interactionType: "fill-in",
                                                              correctResponsesPattern: ["{case_matters=false}" + line.text]),
                               response: item.answer)
        default:
            return nil
        }
    }

    /// "correct" / "incorrect", as the engines write a judged statement, to xAPI's "true" / "false".
    private static func judgement(_ answer: String?) -> String? {
        switch answer {
        case "correct": "true"
        case "incorrect": "false"
        default: nil
        }
    }

    private static func trueFalse(_ description: [String: String], isCorrect: Bool) -> ActivityDefinition {
        ActivityDefinition(description: description, type: ActivityType.interaction, interactionType: "true-false",
                           correctResponsesPattern: [isCorrect ? "true" : "false"])
    }

    private static func choice(_ description: [String: String], texts: [String], right: Int?) -> ActivityDefinition {
        ActivityDefinition(description: description, type: ActivityType.interaction, interactionType: "choice",
                           correctResponsesPattern: right.map { [choiceID($0)] } ?? [],
                           choices: texts.enumerated().map { .init(id: choiceID($0.offset), description: ["en-US": $0.element]) })
    }

    private static func choiceID(_ index: Int) -> String { "c\(index + 1)" }
}
