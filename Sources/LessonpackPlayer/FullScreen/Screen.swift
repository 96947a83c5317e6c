import Foundation
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import TerminalText

/// One full-screen view: it draws its body and answers keys. The app around it draws the title, the status line
/// and the key hints, and shows `help` on `?`.
protocol Screen: AnyObject {
    var title: String { get }
    /// Under what name "has the learner seen this screen's help" is remembered.
    var helpID: String { get }
    var help: [String] { get }
    /// The key hints on the bottom line.
    func hints(at now: Date) -> String
    func body(width: Int, height: Int, now: Date) -> [FrameLine]
    func handle(_ key: Key, now: Date) -> ScreenAction
    /// Time passes (a fifth of a second, or a key): anything to say?
    func poll(now: Date) -> Message?
    /// The screen is closing: save what needs saving.
    func leave(now: Date)
    /// The screen is on top again, the one above it closed: what it shows may have changed.
    func reappear()
}

extension Screen {
    func poll(now: Date) -> Message? { nil }
    func leave(now: Date) {}
    func reappear() {}
}

enum ScreenAction {
    case none
    case back
    case quit
    case open(ActivityKind)
    case resume(UnfinishedAttempt)
    /// A message for the status line.
    case message(Message)
}

/// Shared drawing helpers.
enum Draw {
    /// A catalogue's text of several lines (a help box's), one string a line.
    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// The rows to show of a list of `count` so that `selected` is visible.
    static func window(count: Int, selected: Int, height: Int) -> Range<Int> {
        guard count > height, height > 0 else { return 0..<count }
        let start = min(max(0, selected - height / 2), count - height)
        return start..<(start + height)
    }

    /// The items (each of one or more lines) that fit whole in `room` lines, keeping the selected one in view: a
    /// wrapped item is shown whole or not at all.
    static func wholeItems(_ items: [[FrameLine]], selected: Int, room: Int) -> [FrameLine] {
        guard items.map(\.count).reduce(0, +) > room, items.indices.contains(selected) else { return items.flatMap { $0 } }
        var first = selected, last = selected, used = items[selected].count
        // Grow round the selected item, one item below and one above in turn, while they fit.
        var grew = true
        while grew {
            grew = false
            if last + 1 < items.count, used + items[last + 1].count <= room {
                last += 1
                used += items[last].count
                grew = true
            }
            if first > 0, used + items[first - 1].count <= room {
                first -= 1
                used += items[first].count
                grew = true
            }
        }
        return Array(items[first...last].joined().prefix(max(room, items[selected].count)))
    }

    static func speakerStyle(_ colour: String?) -> TextStyle {
        TextStyle(bold: true, foreground: colour.flatMap { TextStyle.colour(hex: $0) })
    }

    /// Text wrapped to `width`, each line indented by `indent`.
    static func paragraph(_ text: String, width: Int, indent: Int = 0, style: TextStyle = .plain) -> [FrameLine] {
        TextLayout.wrap(text, width: max(10, width - indent)).map {
            FrameLine(String(repeating: " ", count: indent) + $0, style)
        }
    }

    static func style(_ tone: Tone) -> TextStyle {
        switch tone {
        case .plain: .plain
        case .good: .good
        case .bad: .bad
        case .accent: .accent
        case .muted: .muted
        }
    }
}
