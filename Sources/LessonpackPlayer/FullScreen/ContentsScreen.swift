import Foundation
import LessonpackActivities
import LessonpackDiagnostics
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import TerminalText

/// The module's front page: its summary and the eight activities with how far the learner has got.
final class ContentsScreen: Screen {
    private let session: PlayerSession
    private var selected = 0
    /// Read from the store when the screen comes back, not on every redraw (five a second).
    private var statuses: [ActivityKind: ActivityStatus]?

    init(session: PlayerSession) { self.session = session }

    func reappear() { statuses = nil }

    var title: String { session.strings.text("screen.contents") }
    let helpID = "contents"
    var help: [String] { Draw.lines(session.strings.text("help.contents")) }

    func hints(at now: Date) -> String {
        // Short enough for 60 columns with "? help" after it: the help box tells the rest.
        session.strings.text(session.settings.listeningFirst ? "hints.contents.on" : "hints.contents.off",
                             ["setting": SessionWording.hideTextsName(session.strings)])
    }

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        let module = session.module
        let statuses = self.statuses ?? session.statuses()
        self.statuses = statuses
        var lines = [FrameLine(), FrameLine("  \(module.title)", .bold),
                     FrameLine("  " + session.strings.text("screen.contents.level-version", ["level": module.level, "version": module.version]), .muted), FrameLine()]
        lines += Draw.paragraph(module.summary, width: width - 2, indent: 2)
        lines.append(FrameLine())
        for (index, activity) in module.activities.enumerated() {
            let status = statuses[activity] ?? .notStarted
            let label = "  \(index + 1). " + TextLayout.pad(Wording.title(activity, session.strings), width: 28)
            let style: TextStyle = index == selected ? .selected : .plain
            lines.append(FrameLine([Run(label, style), Run(" " + SessionWording.status(status, session.strings) + " ",
                                                           index == selected ? .selected : Draw.style(SessionWording.tone(status)))]))
        }
        return lines
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        let activities = session.module.activities
        switch key {
        case .up: selected = (selected + activities.count - 1) % activities.count
        case .down, .tab: selected = (selected + 1) % activities.count
        case .enter, .space, .right: return .open(activities[selected])
        case .character("q"), .escape: return .quit
        case .character("l"):
            let on = !session.settings.listeningFirst
            do { try session.setListeningFirst(on) } catch {
                return .message(Message("Cannot save the setting: \(error.description) [\(error.code)]", .bad))
            }
            return .message(Message(SessionWording.listeningFirst(on, session.strings), .accent))
        case .character(let character):
            if let number = character.wholeNumberValue, activities.indices.contains(number - 1) {
                selected = number - 1
                return .open(activities[selected])
            }
        default: break
        }
        return .none
    }
}

/// Offered at start when an attempt was cut short: carry on, start afresh (after asking), or decide later.
final class ResumeScreen: Screen {
    private let session: PlayerSession
    private let unfinished: UnfinishedAttempt
    private var confirming = false

    init(session: PlayerSession, unfinished: UnfinishedAttempt) {
        self.session = session
        self.unfinished = unfinished
    }

    var title: String { session.strings.text("screen.resume") }
    let helpID = "resume"
    var help: [String] { Draw.lines(session.strings.text("help.resume")) }

    func hints(at now: Date) -> String {
        session.strings.text(confirming ? "hints.resume.confirming" : "hints.resume")
    }

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        let question = confirming ? SessionWording.confirmSetAside(unfinished, session.strings)
            : SessionWording.resumeQuestion(unfinished, session.strings)
        return [FrameLine()] + Draw.paragraph(question + " " + session.strings.text("screen.yes-no"), width: width - 4, indent: 2, style: .bold)
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        if confirming {
            confirming = false
            guard key == .character("y") else { return .none }
            session.setAside(unfinished, at: now)
            return .back
        }
        switch key {
        case .character("y"), .enter: return .resume(unfinished)
        case .character("n"):
            confirming = true
            return .none
        case .character("q"), .escape: return .back
        default: return .none
        }
    }
}
