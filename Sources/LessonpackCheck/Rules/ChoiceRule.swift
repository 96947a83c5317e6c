import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let invalidChoices: DiagnosticCode = "invalid-choices"
    package static let answerNotAChoice: DiagnosticCode = "answer-not-a-choice"
}

/// A multiple-choice test item offers at least two different choices, no more than there are letters to answer
/// them with, and its answer is one of them.
struct ChoiceRule: CheckRule {
    /// Learners answer by letter, A to Z.
    static let mostChoices = 26

    func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, item) in context.module.test.items.enumerated() {
            guard case .multipleChoice(let choices, let answer) = item.kind,
                  context.writtenCount(.testItems(index, .choices), else: choices.count) != nil else { continue }
            let name = item.id.isEmpty ? "an item" : "item '\(item.id)'"
            if choices.count < 2 {
                diagnostics.append(context.problem(.invalidChoices, "\(name) needs at least two choices",
                                                   at: .testItems(index, .choices)))
            } else if choices.count > Self.mostChoices {
                diagnostics.append(context.problem(.invalidChoices, "\(name) offers \(choices.count) choices; learners " +
                                                   "answer by letter, so at most \(Self.mostChoices) (A to Z) fit",
                                                   at: .testItems(index, .choices)))
            }
            var seen: Set<String> = []
            for (choiceIndex, choice) in choices.enumerated() where !seen.insert(choice).inserted {
                diagnostics.append(context.problem(.invalidChoices, "\(name) offers '\(choice)' twice",
                                                   at: .testItems(index, .choice(choiceIndex))))
            }
            if !answer.isEmpty, !choices.isEmpty, !choices.contains(answer) {
                diagnostics.append(context.problem(.answerNotAChoice, "the answer of \(name) is not one of its choices" +
                                                   DidYouMean.hint(for: answer, among: choices),
                                                   at: .testItems(index, .answer)))
            }
        }
        return diagnostics
    }
}
