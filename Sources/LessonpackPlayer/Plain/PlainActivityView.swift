import Foundation
import LessonpackActivities
import LessonpackPresentation

/// What a plain-mode command stands for.
enum PlainCommand<Event> {
    /// Events for the presenter, in order.
    case events([Event])
    /// Lines to print, with nothing to do ('list', 'transcript').
    case show([String])
    /// Not understood as the activity's own command.
    case unknown
}

/// How plain mode shows one activity and reads its commands: the view's text, and words turned into the
/// presenter's events. All the wording comes from the view; plain mode only lays it out.
protocol PlainActivityView {
    associatedtype Presenter: ActivityPresenter
    /// What to print on entering, before `describe`.
    static func introduction(_ view: Presenter.View, _ strings: Strings) -> [String]
    /// The activity as it stands (on entering, and on 'look').
    static func describe(_ view: Presenter.View, _ strings: Strings) -> [String]
    /// The commands, for 'help'.
    static func commands(_ strings: Strings) -> [String]
    static func read(_ words: [String], view: Presenter.View, _ strings: Strings) -> PlainCommand<Presenter.Event>
    /// What to print after a command's events: the presenter's message, and what changed.
    static func reply(to events: [Presenter.Event], message: Message?, view: Presenter.View, _ strings: Strings) -> [String]
    /// Events to send once the reply is printed (on to the next question after an answer); the activity is then
    /// described again.
    static func followUp(after events: [Presenter.Event], view: Presenter.View) -> [Presenter.Event]
}

extension PlainActivityView {
    static func followUp(after events: [Presenter.Event], view: Presenter.View) -> [Presenter.Event] { [] }
}

/// One activity in plain mode, as the driver holds it.
protocol PlainActivityDriving: AnyObject {
    var run: any ActivityRunning { get }
    func describe(at now: Date) -> [String]
    var commands: [String] { get }
    /// Carries out a command; nil when it is not this activity's.
    func handle(_ words: [String], at now: Date) -> [String]?
}

final class PlainActivity<View: PlainActivityView>: PlainActivityDriving {
    private let typedRun: ActivityRun<View.Presenter>

    init(run: ActivityRun<View.Presenter>) { typedRun = run }

    var run: any ActivityRunning { typedRun }
    var commands: [String] { View.commands(strings) }
    private var strings: Strings { typedRun.context.strings }

    func describe(at now: Date) -> [String] {
        let view = typedRun.view(at: now)
        return View.introduction(view, strings) + View.describe(view, strings)
    }

    func handle(_ words: [String], at now: Date) -> [String]? {
        switch View.read(words, view: typedRun.view(at: now), strings) {
        case .unknown: return nil
        case .show(let lines): return lines
        case .events(let events):
            var message: Message?
            var lines: [String] = []
            for event in events {
                message = typedRun.send(event, at: now) ?? message
                if typedRun.attempt.unsaved != nil { return [] }
                // Plain mode cannot draw a countdown: it says so, then waits for the recorder.
                if let recording = typedRun.context.recording {
                    lines.append(message?.text ?? "")
                    lines.append(strings.text("recording.up-to", [
                        "time": strings.counted("second", Wording.wholeSeconds(recording.seconds, rounding: .up))]))
                    message = typedRun.waitForEffects()
                }
            }
            // Nor can it show a clip being made (the conversation with one voice alone): it waits for it to play.
            if typedRun.isPreparingClip { message = typedRun.waitForEffects() ?? message }
            lines += View.reply(to: events, message: message, view: typedRun.view(at: now), strings)
            let more = View.followUp(after: events, view: typedRun.view(at: now))
            guard !more.isEmpty else { return lines }
            for event in more { typedRun.send(event, at: now).map { lines.append($0.text) } }
            return lines + View.describe(typedRun.view(at: now), strings)
        }
    }
}

/// Reading numbers the way learners type them.
enum PlainWords {
    /// `slow` and `slow 0.5`: a clip slowed to 0.75 (the default) or 0.5 of its speed; anything else says what to
    /// type. Every activity that plays a line slower takes it.
    static func slowed<Event>(_ word: String?, _ strings: Strings, _ event: (Double) -> Event) -> PlainCommand<Event> {
        switch word {
        case nil, "0.75"?: .events([event(0.75)])
        case "0.5"?: .events([event(0.5)])
        default: .show([strings.text("plain.slow")])
        }
    }

    /// "3" → 2 (a number counted from 1, to an index), within `count`.
    static func index(_ word: String?, count: Int) -> Int? {
        guard let word, let number = Int(word), (1...max(1, count)).contains(number), count > 0 else { return nil }
        return number - 1
    }

    /// What to say when a command needs a number it did not get, or got out of range.
    /// `thing` is what is counted, in the learner's words ("line").
    static func askNumber<Event>(_ thing: String, command: String, count: Int, _ strings: Strings) -> PlainCommand<Event> {
        let values = ["thing": thing, "command": command, "count": "\(count)"]
        guard count > 0 else { return .show([strings.text("plain.none-here", values)]) }
        return .show([strings.text(count == 1 ? "plain.only-one" : "plain.which", values)])
    }

    /// A catalogue's text of several lines, one string a line.
    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// The message's text, as lines (none without a message).
    static func say(_ message: Message?) -> [String] { message.map { [$0.text] } ?? [] }
}
