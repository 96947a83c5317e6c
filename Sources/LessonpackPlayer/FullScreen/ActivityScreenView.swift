import Foundation
import LessonpackModel
import LessonpackPresentation
import TerminalText

/// How the full screen shows one activity: its view drawn as lines, and keys turned into the presenter's events.
/// All the wording comes from the view, except the names of keys.
protocol ActivityScreenView {
    associatedtype Presenter: ActivityPresenter
    static var helpID: String { get }
    static func help(_ strings: Strings) -> [String]
    static func hints(_ view: Presenter.View, _ strings: Strings) -> String
    /// What a key means here: events for the presenter, back to the contents, or not a key of this screen.
    static func input(_ key: Key, view: Presenter.View) -> ScreenInput<Presenter.Event>
    static func body(_ view: Presenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine]
}

enum ScreenInput<Event> {
    case events([Event])
    case back
    /// Scrolls a long body (the test's review) by this many lines.
    case scroll(Int)
    /// Not one of this screen's keys, here and now: it does nothing. (The keys every screen shares, such as `?`,
    /// never reach the screen.)
    case unhandled
}

/// One activity on the full screen, as the app holds it.
final class ActivityScreen<View: ActivityScreenView>: Screen {
    private let run: ActivityRun<View.Presenter>
    private let module: Module
    private var scroll = 0

    init(run: ActivityRun<View.Presenter>, module: Module) {
        self.run = run
        self.module = module
    }

    var title: String { SessionWording.numbered(run.kind, in: module, run.context.strings) }
    var helpID: String { View.helpID }
    var help: [String] { View.help(run.context.strings) }
    func hints(at now: Date) -> String { View.hints(run.view(at: now), run.context.strings) }

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        View.body(run.view(at: now), width: width, height: height, scroll: &scroll, strings: run.context.strings)
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        switch View.input(key, view: run.view(at: now)) {
        case .unhandled: return .none
        case .back: return .back
        case .scroll(let step):
            scroll = max(0, scroll + step)
            return .none
        case .events(let events):
            var message: Message?
            for event in events { message = run.send(event, at: now) ?? message }
            return message.map { .message($0) } ?? .none
        }
    }

    func poll(now: Date) -> Message? { run.poll(at: now) }
    func leave(now: Date) { run.leave(at: now) }
}
