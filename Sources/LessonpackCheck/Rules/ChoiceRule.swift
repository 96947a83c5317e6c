import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let invalidChoices: DiagnosticCode = "invalid-choices"
    package static let answerNotAChoice: DiagnosticCode = "answer-not-a-choice"
}

/// A multiple-choice test item offers at least two different choices, no more than there are letters to answer
/// them with, and its answer is one of them.
struct ChoiceRule: CheckRule {
    static let codes: [DiagnosticCode] = [.invalidChoices, .answerNotAChoice]
    /// Learners answer by letter, A to Z.
    static let mostChoices = 26

    func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (item, origin) in zip(context.module.test.items, context.map.testItems) {
            guard case .multipleChoice(let choices, let answer) = item.kind,
                  origin.fields["choices"]?.array != nil else { continue }
            let name = item.id.isEmpty ? "an item" : "item '\(item.id)'"
            if choices.count < 2 {
                diagnostics.append(.error(.invalidChoices, "\(name) needs at least two choices",
                                          at: origin.location(of: "choices")))
            } else if choices.count > Self.mostChoices {
                diagnostics.append(.error(.invalidChoices, "\(name) offers \(choices.count) choices; learners answer " +
                                          "by letter, so at most \(Self.mostChoices) (A to Z) fit",
                                          at: origin.location(of: "choices")))
            }
            let nodes = origin.fields["choices"]?.array ?? []
            var seen: Set<String> = []
            for (index, choice) in choices.enumerated() where !seen.insert(choice).inserted {
                let location = nodes.indices.contains(index) ? nodes[index].location : origin.location(of: "choices")
                diagnostics.append(.error(.invalidChoices, "\(name) offers '\(choice)' twice", at: location))
            }
            if !answer.isEmpty, !choices.isEmpty, !choices.contains(answer) {
                diagnostics.append(.error(.answerNotAChoice, "the answer of \(name) is not one of its choices" +
                                          DidYouMean.hint(for: answer, among: choices), at: origin.location(of: "answer")))
            }
        }
        return diagnostics
    }
}
