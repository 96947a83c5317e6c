import Foundation
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress

/// What the player says about the session itself (the contents, resuming, settings), for both front ends: each
/// sentence is written once, here; what is said about an activity is its presenter's.
package enum SessionWording {
    package static func status(_ status: ActivityStatus) -> String {
        switch status {
        case .notStarted: "not started"
        case .visited: "visited"
        case .inProgress: "in progress"
        case .done: "done"
        case .scored(let best, let inProgress): "best \(Wording.percent(best))" + (inProgress ? " · in progress" : "")
        }
    }

    static func tone(_ status: ActivityStatus) -> Tone {
        switch status {
        case .scored: .good
        case .inProgress: .accent
        default: .muted
        }
    }

    static func resumeQuestion(_ attempt: UnfinishedAttempt) -> String {
        "You have an unfinished \(attempt.activity.title) attempt (attempt \(attempt.number), " +
            "\(Wording.count(attempt.steps, "step")) saved). Resume it?"
    }

    static func confirmSetAside(_ attempt: UnfinishedAttempt) -> String {
        "Start afresh? Your unfinished \(attempt.activity.title) attempt is then set aside for good."
    }

    static let keptForLater = "Your unfinished attempt is kept: open its activity to carry on."

    static func closed(_ attempt: UnfinishedAttempt, reason: String) -> String {
        "your unfinished \(attempt.activity.title) attempt could not be carried on, because \(reason); it was closed " +
            "and a new one starts when you open the activity"
    }

    static func listeningFirst(_ on: Bool) -> String {
        on ? "Listening first is on: questions play by themselves, answers and tiles show their text once heard, and " +
            "subtitles off hides the transcript too."
            : "Listening first is off: every text is shown."
    }

    /// "2. Video task", as titles show it.
    static func numbered(_ kind: ActivityKind, in module: Module) -> String { Wording.numbered(kind, in: module) }
}
