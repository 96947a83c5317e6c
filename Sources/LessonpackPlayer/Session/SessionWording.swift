import Foundation
import LessonpackActivities
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
        "You did not finish \(attempt.activity.title) last time. Carry on where you stopped?"
    }

    static func confirmSetAside(_ attempt: UnfinishedAttempt) -> String {
        "Start \(attempt.activity.title) again from the beginning? What you did last time will be cleared."
    }

    static let keptForLater = "Your work is kept: open the activity to carry on."

    static func closed(_ attempt: UnfinishedAttempt, reason: String) -> String {
        "your unfinished \(attempt.activity.title) could not be carried on, because \(reason); it starts again when " +
            "you open it"
    }

    /// The setting the code calls "listening first", in the learner's words.
    static let hideTextsName = "hide texts until heard"

    static func listeningFirst(_ on: Bool) -> String {
        on ? "Texts are hidden until heard: questions play by themselves, answers and tiles show their text after you " +
            "hear them, and with subtitles off the transcript is hidden too."
            : "Every text is shown."
    }

    /// "2. Video task", as titles show it.
    static func numbered(_ kind: ActivityKind, in module: Module) -> String { Wording.numbered(kind, in: module) }
}
