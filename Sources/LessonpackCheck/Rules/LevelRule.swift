import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let invalidLevel: DiagnosticCode = "invalid-level"
}

/// The level is a CEFR level, the scale learners and catalogues understand.
struct LevelRule: CheckRule {
    static let levels = ["A1", "A2", "B1", "B2", "C1", "C2"]

    func check(_ context: CheckContext) -> [Diagnostic] {
        let level = context.module.level
        guard !level.isEmpty, !Self.levels.contains(level) else { return [] }
        let hint = Self.levels.first { $0.lowercased() == level.lowercased() }.map { "; did you mean '\($0)'?" }
            ?? "; use a CEFR level: " + Self.levels.joined(separator: ", ")
        return [context.problem(.invalidLevel, "'\(level)' is not a level\(hint)", at: .module(.level))]
    }
}
