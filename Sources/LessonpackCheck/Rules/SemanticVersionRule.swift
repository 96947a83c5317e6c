import LessonpackDiagnostics
import LessonpackModel

/// The module's version is a semantic version, so publishers and `build --previous` can tell what changed.
struct SemanticVersionRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        let version = context.module.version
        guard !version.isEmpty, case .failure(let problem) = SemanticVersion.parse(version) else { return [] }
        return [context.problem(.invalidVersion, "'\(version)' is not a semantic version: \(problem)",
                                at: .module(.version))]
    }
}
