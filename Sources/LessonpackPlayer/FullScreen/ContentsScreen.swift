import Foundation
import LessonpackModel
import LessonpackProgress
import TerminalText

/// The module's front page: its summary and the eight activities with how far the learner has got.
final class ContentsScreen: Screen {
    private let session: PlayerSession
    private var selected = 0

    init(session: PlayerSession) { self.session = session }

    let title = "Contents"
    let helpID = "contents"
    let help = ["↑ ↓: choose an activity", "Enter, or its number: open it", "q: quit (your progress is saved)",
                "?: this help"]
    let hints = "↑↓ choose · Enter open · 1–8 · q quit"

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        let module = session.module
        let histories = session.histories()
        var lines = [FrameLine(), FrameLine("  \(module.title)", .bold),
                     FrameLine("  level \(module.level) · version \(module.version)", .muted), FrameLine()]
        lines += Draw.paragraph(module.summary, width: width - 2, indent: 2)
        lines.append(FrameLine())
        for (index, activity) in module.activities.enumerated() {
            let status = session.status(of: activity, in: histories)
            let label = "  \(index + 1). " + TextLayout.pad(activity.title, width: 28)
            let style: TextStyle = index == selected ? .selected : .plain
            let statusStyle: TextStyle = status.hasPrefix("best") ? .good : status == "in progress" ? .accent : .muted
            lines.append(FrameLine([Run(label, style), Run(" " + status + " ", index == selected ? .selected : statusStyle)]))
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
        case .character(let character):
            if let number = character.wholeNumberValue, activities.indices.contains(number - 1) {
                selected = number - 1
                return .open(activities[selected])
            }
        default: break
        }
        return .none
    }

    func leave(now: Date) {}
}

/// Offered at start when an attempt was cut short: carry on, or let it go.
final class ResumeScreen: Screen {
    private let session: PlayerSession
    private let unfinished: UnfinishedAttempt

    init(session: PlayerSession, unfinished: UnfinishedAttempt) {
        self.session = session
        self.unfinished = unfinished
    }

    let title = "Resume"
    let helpID = "resume"
    let help = ["y: carry on where you left off", "n: start afresh (the unfinished attempt is set aside)"]
    let hints = "y resume · n start afresh"

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        let steps = unfinished.actions.count
        return [FrameLine()] + Draw.paragraph(
            "You have an unfinished \(unfinished.activity.title) attempt, with \(steps) step\(steps == 1 ? "" : "s") " +
            "saved. Resume it? (y/n)", width: width - 4, indent: 2, style: .bold)
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        switch key {
        case .character("y"), .enter: return .resume(unfinished)
        case .character("n"), .escape, .character("q"):
            try? session.store.abandon(unfinished.id, at: now)
            return .back
        default: return .none
        }
    }

    func leave(now: Date) {}
}

/// The screen for each activity's controller.
enum ActivityScreens {
    static func make(_ controller: ActivityController) -> Screen {
        switch controller {
        case let video as VideoController: VideoScreen(video)
        case let task as VideoTaskController: VideoTaskScreen(task)
        case let vocabulary as VocabularyController: VocabularyScreen(vocabulary)
        case let game as AudioGameController: AudioGameScreen(game)
        case let pronunciation as PronunciationController: PronunciationScreen(pronunciation)
        case let questions as QuestionsController: QuestionsScreen(questions)
        case let dictionary as DictionaryController: DictionaryScreen(dictionary)
        case let test as TestController: TestScreen(test)
        default: fatalError("no screen for \(type(of: controller))")
        }
    }
}

extension ActivityKind {
    /// "2. Video task", as titles show it.
    func numbered(in module: Module) -> String {
        "\((module.activities.firstIndex(of: self) ?? 0) + 1). \(title)"
    }
}
