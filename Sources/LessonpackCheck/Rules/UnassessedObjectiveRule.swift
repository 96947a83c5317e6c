import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unassessedObjective: DiagnosticCode = "unassessed-objective"
}

/// Every learning objective is assessed by at least one test item: an objective nothing measures cannot be
/// reported on.
struct UnassessedObjectiveRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.lists(.test), context.has(.test) else { return [] }
        let assessed = Set(context.module.test.items.map(\.objective))
        return context.module.objectives.enumerated().compactMap { index, objective in
            guard !objective.id.isEmpty, !assessed.contains(objective.id) else { return nil }
            return context.problem(.unassessedObjective, "objective '\(objective.id)' is not assessed by any test item",
                                   at: .objectives(index, .id))
        }
    }
}
