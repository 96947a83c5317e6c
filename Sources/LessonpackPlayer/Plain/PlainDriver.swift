import Foundation
import LessonpackActivities
import LessonpackDiagnostics
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress

/// `lessonpack play --plain`: the whole module, line by line, with no cursor movement: for screen readers, dumb
/// terminals and scripts. It reads commands from standard input, so a file of answers plays a module through
/// (`--seed` makes it the same every time); when the input is not a terminal, each command is echoed after its
/// prompt so the transcript reads like a session.
package final class PlainDriver {
    package typealias ReadLine = () -> String?
    /// Writes exactly the text given; lines come with their own line break.
    package typealias Write = (String) -> Void

    private let session: PlayerSession
    private let readLine: ReadLine
    private let output: Write
    private let echo: Bool
    private let now: () -> Date

    package init(session: PlayerSession, readLine: @escaping ReadLine, write: @escaping Write, echo: Bool,
                now: @escaping () -> Date = Date.init) {
        self.session = session
        self.readLine = readLine
        self.output = write
        self.echo = echo
        self.now = now
    }

    package func run() {
        let module = session.module
        write(strings.text("plain.header", ["title": module.title, "id": module.id, "version": module.version,
                                              "level": module.level]))
        let resumable = session.resumable(at: now())
        flushNotices()
        // Each unfinished activity is offered in turn, the newest first.
        for unfinished in resumable {
            switch offerResume(unfinished) {
            case .resume: guard enter(unfinished.activity) else { return }
            case .contents: continue
            case .quit: return
            }
        }
        while true {
            write("")
            write(contents().joined(separator: "\n"))
            guard let words = prompt("contents") else { return }
            switch words.first?.lowercased() {
            // `q` quits here as it does on the full-screen contents; nothing on the contents is typed as "q".
            case "quit"?, "exit"?, "q"?: return
            case "help"?, "?"?: write(Self.contentsHelp(for: module.activities, strings))
            case "listening"?, "hide"?: listening(words.dropFirst().first)
            case let word?:
                guard let activity = Self.activity(word, in: module.activities) else {
                    write(strings.text("plain.no-such-activity", ["word": word, "count": "\(module.activities.count)"]))
                    continue
                }
                guard enter(activity) else { return }
            case nil: continue
            }
        }
    }

    private func listening(_ word: String?) {
        guard let word, ["on", "off"].contains(word.lowercased()) else {
            return write(strings.text("plain.hide-on-off") + " " + SessionWording.listeningFirst(session.settings.listeningFirst, strings))
        }
        do {
            try session.setListeningFirst(word.lowercased() == "on")
            write(SessionWording.listeningFirst(session.settings.listeningFirst, strings))
        } catch {
            write("Cannot save the setting: \(error.description) [\(error.code)]")
        }
    }

    /// Plays one activity until `back`; returns false when the session should end (`quit` or end of input).
    private func enter(_ activity: ActivityKind) -> Bool {
        let opened: OpenedActivity
        do { opened = try session.open(activity, at: now()) } catch {
            write("Cannot open \(Wording.title(activity, strings)): \(error.description) [\(error.code)]")
            return true
        }
        let screen = opened.plain
        write("")
        write("== \(Wording.title(activity, strings)) ==")
        flushNotices()
        if let message = opened.run.enter(at: now()) { write(message.text) }
        write(screen.describe(at: now()).joined(separator: "\n"))
        flushNotices()
        defer { opened.run.leave(at: now()) }
        while true {
            guard let words = prompt(activity.rawValue) else { return false }
            switch words.first?.lowercased() {
            case "back"?, "done"?: return true
            case "quit"?, "exit"?: return false
            case "help"?, "?"?:
                write(([strings.text("plain.commands")] + (screen.commands + PlainWords.lines(strings.text("plain.commands.everywhere")))
                    .map { "  " + $0 }).joined(separator: "\n"))
            case "look"?: write(screen.describe(at: now()).joined(separator: "\n"))
            case nil: continue
            default:
                if let reply = screen.handle(words, at: now()) {
                    if !reply.isEmpty { write(reply.joined(separator: "\n")) }
                } else {
                    write(strings.text("plain.not-a-command", ["words": words.joined(separator: " ")]))
                }
                if let message = opened.run.unsavedMessage {
                    write(message)
                    return true
                }
            }
            _ = opened.run.poll(at: now())
            flushNotices()
        }
    }

    private enum ResumeChoice { case resume, contents, quit }

    /// At start, an attempt cut short (by a kill, a crash, or leaving) is offered for resuming. Only 'no' sets it
    /// aside; leaving the question any other way keeps it for later.
    private func offerResume(_ unfinished: UnfinishedAttempt) -> ResumeChoice {
        write(SessionWording.resumeQuestion(unfinished, strings) + " " + strings.text("plain.yes-no"))
        while true {
            // End of input leaves the attempt as it is, to be offered again next time.
            guard let words = prompt("resume") else { return .quit }
            switch words.first?.lowercased() {
            case "yes"?, "y"?: return .resume
            case "no"?, "n"?:
                session.setAside(unfinished, at: now())
                return .contents
            case "back"?, "later"?, "contents"?:
                write(SessionWording.keptForLater(strings))
                return .contents
            case "quit"?, "exit"?:
                write(SessionWording.keptForLater(strings))
                return .quit
            case "help"?, "?"?:
                write(strings.text("plain.resume.help"))
            default: write(strings.text("plain.resume.yes-no"))
            }
        }
    }

    private func contents() -> [String] {
        let statuses = session.statuses()
        return [strings.text("plain.contents")] + session.module.activities.enumerated().map { index, activity in
            "  \(index + 1). \(Wording.title(activity, strings)): \(SessionWording.status(statuses[activity] ?? .notStarted, strings))"
        } + [strings.text("plain.contents.type-a-number")]
    }

    private var strings: Strings { session.strings }

    private func prompt(_ name: String) -> [String]? {
        output("\(name)> ")
        guard let line = readLine() else {
            output("\n")
            return nil
        }
        if echo { output(line + "\n") }
        return line.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    private func flushNotices() {
        for notice in session.takeNotices() { write(strings.text("plain.note", ["text": notice])) }
    }

    private func write(_ line: String) { output(line + "\n") }

    static func activity(_ word: String, in activities: [ActivityKind]) -> ActivityKind? {
        if let number = Int(word), activities.indices.contains(number - 1) { return activities[number - 1] }
        return activities.first { $0.rawValue == word.lowercased() }
    }

    /// The contents' commands, with the module's own activities: their numbers and names.
    static func contentsHelp(for activities: [ActivityKind], _ strings: Strings) -> String {
        strings.text("plain.contents.help", ["count": "\(activities.count)",
                                             "names": activities.map(\.rawValue).joined(separator: ", ")])
    }
}
