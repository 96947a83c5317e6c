import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress

/// What the player says about the session itself (the contents, resuming, settings), for both front ends: each
/// sentence is written once, here; what is said about an activity is its presenter's.
package enum SessionWording {
    package static func status(_ status: ActivityStatus, _ strings: Strings) -> String {
        switch status {
        case .notStarted: strings.text("session.status.not-started")
        case .visited: strings.text("session.status.visited")
        case .inProgress: strings.text("session.status.in-progress")
        case .done: strings.text("session.status.done")
        case .scored(let best, let inProgress):
            strings.text(inProgress ? "session.status.best-in-progress" : "session.status.best", ["percent": Wording.percent(best)])
        }
    }

    static func tone(_ status: ActivityStatus) -> Tone {
        switch status {
        case .scored: .good
        case .inProgress: .accent
        default: .muted
        }
    }

    static func resumeQuestion(_ attempt: UnfinishedAttempt, _ strings: Strings) -> String {
        strings.text("session.resume", ["activity": Wording.title(attempt.activity, strings)])
    }

    static func confirmSetAside(_ attempt: UnfinishedAttempt, _ strings: Strings) -> String {
        strings.text("session.confirm-set-aside", ["activity": Wording.title(attempt.activity, strings)])
    }

    static func keptForLater(_ strings: Strings) -> String { strings.text("session.kept-for-later") }

    static func closed(_ attempt: UnfinishedAttempt, reason: String, _ strings: Strings) -> String {
        strings.text("session.closed", ["activity": Wording.title(attempt.activity, strings), "reason": reason])
    }

    /// The setting the code calls "listening first", in the learner's words.
    static func hideTextsName(_ strings: Strings) -> String { strings.text("session.hide-texts") }

    static func listeningFirst(_ on: Bool, _ strings: Strings) -> String {
        strings.text(on ? "session.listening-first.on" : "session.listening-first.off")
    }

    /// "2. Video task", as titles show it.
    static func numbered(_ kind: ActivityKind, in module: Module, _ strings: Strings) -> String {
        Wording.numbered(kind, in: module, strings)
    }
}
