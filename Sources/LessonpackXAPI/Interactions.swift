import LessonpackActivities
import LessonpackModel

/// What each answerable item is as an xAPI interaction, from the form its activity's descriptor gives it: a
/// statement judged true or false, a choice among answers (named `c1`, `c2`… in the order the module writes them,
/// so the same answer has the same id in every attempt), or a text typed. No kind is named here: a new activity
/// with answers is mapped by saying what its answers are, and one without has none to send.
enum Interactions {
    struct Interaction {
        var definition: ActivityDefinition
        var response: String?
        /// Words right of the words expected, for typed text: how far a wrong answer was from right.
        var score: StatementResult.Score?
    }

    static func interaction(for item: ItemOutcome, in kind: ActivityKind, of module: Module) -> Interaction? {
        switch kind.descriptor.answers {
        case .none: nil
        case .items(let form): form(item, module).map { interaction($0, prompt: item.prompt, language: module.taughtLanguage) }
        }
    }

    /// The prompt and choices are the module's words, under the language it teaches.
    static func interaction(_ form: AnswerForm, prompt: String, language: String = "en") -> Interaction {
        let description = [language: prompt]
        var definition = switch form.question {
        case .trueFalse(let isTrue):
            ActivityDefinition(description: description, type: ActivityType.interaction, interactionType: "true-false",
                               correctResponsesPattern: [isTrue ? "true" : "false"])
        case .choice(let options, let correct):
            ActivityDefinition(description: description, type: ActivityType.interaction, interactionType: "choice",
                               correctResponsesPattern: correct.map { [choiceID($0)] } ?? [],
                               choices: options.enumerated().map { .init(id: choiceID($0.offset), description: [language: $0.element]) })
        case .fillIn(let expected):
            ActivityDefinition(description: description, type: ActivityType.interaction, interactionType: "fill-in",
                               correctResponsesPattern: [expected])
        }
        if let weight = form.weight { definition.extensions = [ExtensionIRI.weight: .number(Double(weight))] }
        let response: String? = switch form.response {
        case .judgement(let isTrue)?: isTrue ? "true" : "false"
        case .choice(let index)?: choiceID(index)
        case .text(let text, _)?: text
        case nil: nil
        }
        var score: StatementResult.Score?
        // A line with no words to write has no score to give: xAPI wants max above min.
        if case .text(_, let diff?)? = form.response, diff.total > 0 {
            score = StatementResult.Score(scaled: Double(diff.right) / Double(diff.total),
                                          raw: Double(diff.right), min: 0, max: Double(diff.total))
        }
        return Interaction(definition: definition, response: response, score: score)
    }

    private static func choiceID(_ index: Int) -> String { "c\(index + 1)" }
}
