import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unknownObjective: DiagnosticCode = "unknown-objective"
}

/// Each test item names an objective module.plist declares, so results can be reported per objective.
struct UnknownObjectiveRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.module) else { return [] }
        let objectives = context.module.objectives.map(\.id)
        return context.module.test.items.enumerated().compactMap { index, item in
            guard !item.objective.isEmpty, !objectives.contains(item.objective) else { return nil }
            let hint = DidYouMean.suggestion(for: item.objective, among: objectives).map { "did you mean '\($0)'?" }
                ?? "module.plist declares " + (objectives.isEmpty ? "no objectives" :
                    objectives.map { "'\($0)'" }.joined(separator: ", "))
            return context.problem(.unknownObjective, "item '\(item.id)' assesses objective '\(item.objective)', " +
                                   "which is not declared; \(hint)", at: .testItems(index, .objective))
        }
    }
}
