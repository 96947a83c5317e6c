import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let duplicateActivity: DiagnosticCode = "duplicate-activity"
    package static let activityOrder: DiagnosticCode = "activity-order"
    package static let noActivities: DiagnosticCode = "no-activities"
}

/// The activities appear once each, in the standard order learners meet them.
struct ActivityListRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        let activities = context.module.activities
        if activities.isEmpty, context.writes(.module(.activities)) {
            return [context.problem(.noActivities, "the activity list is empty: list the activities this module " +
                                    "offers, e.g. 'video', 'video-task', 'test'", at: .module(.activities))]
        }
        var diagnostics: [Diagnostic] = []
        var firstSeen: [ActivityKind: Int] = [:]
        var latest: ActivityKind?
        for (index, activity) in activities.enumerated() {
            if let first = firstSeen[activity] {
                diagnostics.append(context.problem(.duplicateActivity, "activity '\(activity.rawValue)' is listed twice",
                                                   at: .activities(index),
                                                   notes: [context.note("first listed here", at: .activities(first))]))
                continue
            }
            firstSeen[activity] = index
            if let latest, activity.order < latest.order {
                let order = ActivityKind.allCases.map(\.rawValue).joined(separator: ", ")
                diagnostics.append(context.problem(.activityOrder, "'\(activity.rawValue)' must come before " +
                                                   "'\(latest.rawValue)': activities follow the order \(order)",
                                                   at: .activities(index)))
            }
            if activity.order > (latest?.order ?? -1) { latest = activity }
        }
        return diagnostics
    }
}

extension ActivityKind {
    var order: Int { ActivityKind.allCases.firstIndex(of: self) ?? 0 }
}
