import Foundation
import LessonpackActivities
import LessonpackDiagnostics
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import TerminalText

/// The full-screen player: a stack of screens (the contents at the bottom, an activity on top), the help overlay,
/// and the loop that draws and reads keys. A key or a fifth of a second, whichever comes first, redraws, so the
/// video's clock and a recording's countdown move.
package final class FullScreenApp {
    private let session: PlayerSession
    private let display: Display
    private let now: () -> Date
    private var stack: [Screen] = []
    /// The run behind each activity screen on the stack.
    private var runs: [ObjectIdentifier: any ActivityRunning] = [:]
    private var helpShown = false
    private var status: Message?

    package init(session: PlayerSession, display: Display, now: @escaping () -> Date = Date.init) {
        self.session = session
        self.display = display
        self.now = now
    }

    package func run() {
        stack = [ContentsScreen(session: session)]
        // Each unfinished activity is asked about in turn, the newest first; one carried on comes back to the next
        // question when the learner leaves it.
        for unfinished in session.resumable(at: now()).reversed() {
            stack.append(ResumeScreen(session: session, unfinished: unfinished))
        }
        draw()
        while let top = stack.last {
            guard let key = display.nextKey(timeout: 0.2) else {
                if let message = top.poll(now: now()) { status = message }
                stopIfUnsaved(top)
                draw()
                continue
            }
            if key == .interrupt { break }
            if key == .resize { draw(); continue }
            if helpShown {
                helpShown = false
                // "Don't show again": the box no longer opens by itself on this screen, for this learner; on a screen
                // where it is hidden (the learner pressed ?), d brings it back. Either way the learner is told, so a
                // d typed by mistake is seen and can be undone.
                if key == .character("d") {
                    let hide = !session.settings.hiddenHelp.contains(top.helpID)
                    do {
                        try session.setHelpHidden(top.helpID, hide)
                        status = Message(session.strings.text(hide ? "help.hidden-now" : "help.shown-now"), .accent)
                    } catch {
                        status = Message("Cannot save the setting: \(error.description) [\(error.code)]", .bad)
                    }
                }
                draw()
                continue
            }
            if key == .character("?") {
                helpShown = true
                draw()
                continue
            }
            status = nil
            switch top.handle(key, now: now()) {
            case .none: break
            case .message(let message): status = message
            case .quit: return close()
            case .back:
                top.leave(now: now())
                runs[ObjectIdentifier(top)] = nil
                stack.removeLast()
                stack.last?.reappear()
            case .open(let activity): open(activity)
            case .resume(let unfinished):
                stack.removeLast()
                open(unfinished.activity)
            }
            stopIfUnsaved(top)
            draw()
        }
        close()
    }

    private func open(_ activity: ActivityKind) {
        do {
            let opened = try session.open(activity, at: now())
            let screen = opened.screen
            stack.append(screen)
            runs[ObjectIdentifier(screen)] = opened.run
            if let message = opened.run.enter(at: now()) { status = message }
            // Each visit explains the activity's keys, until the learner says not to show them again.
            helpShown = !session.settings.hiddenHelp.contains(screen.helpID)
        } catch {
            status = Message("Cannot open \(Wording.title(activity, session.strings)): \(error.description) [\(error.code)]", .bad)
        }
    }

    /// An activity whose answer could not be saved stops, saying so, rather than let the learner answer into nothing.
    private func stopIfUnsaved(_ screen: Screen) {
        guard let message = runs[ObjectIdentifier(screen)]?.unsavedMessage,
              let index = stack.firstIndex(where: { $0 === screen }) else { return }
        screen.leave(now: now())
        stack.remove(at: index)
        runs[ObjectIdentifier(screen)] = nil
        stack.last?.reappear()
        status = Message(message, .bad)
    }

    /// Leaves every screen, saving as each one does.
    private func close() {
        for screen in stack.reversed() { screen.leave(now: now()) }
        stack = []
    }

    private func draw() {
        guard let top = stack.last else { return }
        let (rows, columns) = display.size
        // A terminal not set up for UTF-8 shows ASCII look-alikes ("<-" for "←"), some of them wider: the text is
        // changed before it is measured, so boxes and lines are laid out for what is shown.
        let ascii = display.ascii
        func shown(_ text: String) -> String { ascii ? AsciiFallback.text(text) : text }
        func shownLines(_ lines: [FrameLine]) -> [FrameLine] {
            ascii ? lines.map { FrameLine($0.runs.map { Run(AsciiFallback.text($0.text), $0.style) }) } : lines
        }
        guard rows >= 8, columns >= 30 else {
            display.show(Frame([FrameLine(shown(session.strings.text("screen.too-small")), .bold)]))
            return
        }
        for notice in session.takeNotices() { status = Message(notice, .accent) }
        var lines = [FrameLine(TextLayout.pad(shown(" Lessonpack · \(session.module.title) · \(top.title)"), width: columns),
                               TextStyle(bold: true, reverse: true))]
        // The message may take up to a third of the screen (three lines at least), so that a long one (an answer
        // that could not be saved, and what to do) is read to its end; the body has what is left.
        let message = status.map { TextLayout.wrap(shown($0.text), width: max(10, columns - 1)) } ?? [""]
        let messageLines = Array(message.prefix(max(3, (rows - 2) / 3)))
        let height = rows - 2 - messageLines.count
        var body = Array(shownLines(top.body(width: columns, height: height, now: now())).prefix(height))
        body += Array(repeating: FrameLine(), count: max(0, height - body.count))
        if helpShown {
            let hidden = session.settings.hiddenHelp.contains(top.helpID)
            body = shownLines(HelpOverlay.place(top.help.map(shown) + [shown(session.strings.text(hidden ? "help.show-again" : "help.dont-show-again"))],
                                                title: shown(session.strings.text("screen.help-title", ["screen": top.title])),
                                                over: body, width: columns))
        }
        lines += body
        lines += messageLines.map { FrameLine($0, status.map { Draw.style($0.tone) } ?? .accent) }
        let helpHints = " " + session.strings.text(session.settings.hiddenHelp.contains(top.helpID)
            ? "hints.help.hidden" : "hints.help.shown")
        let hints = shown(helpShown ? helpHints : " \(top.hints(at: now()))")
        lines.append(HelpOverlay.hintsLine(hints, helpKey: helpShown ? "" : shown(" · " + session.strings.text("hints.help-key")), separator: shown(" · "),
                                           width: columns - 1))
        display.show(Frame(lines))
    }
}

/// The help box, drawn over the middle of the body.
enum HelpOverlay {
    /// The key hints, as many whole ones as fit, so that "? help" always shows at the end (the help box has them
    /// all).
    static func hintsLine(_ hints: String, helpKey: String, separator: String = " · ", width: Int) -> FrameLine {
        let room = max(0, width - DisplayWidth.of(helpKey))
        var parts = hints.components(separatedBy: separator)
        while parts.count > 1, DisplayWidth.of(parts.joined(separator: separator)) > room { parts.removeLast() }
        let kept = TextLayout.fit(parts.joined(separator: separator), width: room)
        return FrameLine(TextLayout.fit(kept + helpKey, width: width), .muted)
    }

    static func place(_ help: [String], title: String, over body: [FrameLine], width: Int) -> [FrameLine] {
        let inner = min(width - 6, max(40, (help.map { DisplayWidth.of($0) }.max() ?? 0) + 2))
        let text = help.flatMap { TextLayout.wrap($0, width: inner - 2) }
        var box = [FrameLine("┌" + String(repeating: "─", count: inner) + "┐", .accent)]
        box.append(FrameLine("│" + TextLayout.pad(" " + title, width: inner) + "│", .accent))
        box += text.map { FrameLine("│ " + TextLayout.pad($0, width: inner - 1) + "│", .bold) }
        box.append(FrameLine("└" + String(repeating: "─", count: inner) + "┘", .accent))
        let left = String(repeating: " ", count: max(0, (width - inner - 2) / 2))
        var result = body
        let top = max(0, (body.count - box.count) / 2)
        for (offset, line) in box.enumerated() where top + offset < result.count {
            result[top + offset] = FrameLine(left) + line
        }
        return result
    }
}
