import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let videoTaskCount: DiagnosticCode = "video-task-count"
}

/// The video task has exactly ten statements: the activity's design, one screen of boxes to tick.
struct VideoTaskCountRule: CheckRule {
    static let requiredCount = 10

    func check(_ context: CheckContext) -> [Diagnostic] {
        let count = context.module.videoTask.count
        guard context.has(.videoTask), context.writes(.list(.videoTask)), count != Self.requiredCount else { return [] }
        return [context.problem(.videoTaskCount, "the video task has \(count) statement\(count == 1 ? "" : "s"); it " +
                                "needs exactly \(Self.requiredCount)", at: .list(.videoTask))]
    }
}
