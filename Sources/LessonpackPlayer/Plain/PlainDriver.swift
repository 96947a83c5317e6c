import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress

/// `lessonpack play --plain`: the whole module, line by line, with no cursor movement: for screen readers, dumb
/// terminals and scripts. It reads commands from standard input, so a file of answers plays a module through
/// (`--seed` makes it the same every time); when the input is not a terminal, each command is echoed after its
/// prompt so the transcript reads like a session.
public final class PlainDriver {
    public typealias ReadLine = () -> String?
    /// Writes exactly the text given; lines come with their own line break.
    public typealias Write = (String) -> Void

    private let session: PlayerSession
    private let readLine: ReadLine
    private let output: Write
    private let echo: Bool
    private let now: () -> Date

    public init(session: PlayerSession, readLine: @escaping ReadLine, write: @escaping Write, echo: Bool,
                now: @escaping () -> Date = Date.init) {
        self.session = session
        self.readLine = readLine
        self.output = write
        self.echo = echo
        self.now = now
    }

    public func run() {
        let module = session.module
        write("Lessonpack: \(module.title) (\(module.id) \(module.version), level \(module.level))")
        for note in session.store.notes { session.notice(note) }
        flushNotices()
        if let unfinished = offerResume() {
            guard enter(unfinished.activity, resuming: unfinished) else { return }
        }
        while true {
            write("")
            write(contents().joined(separator: "\n"))
            guard let words = prompt("contents") else { return }
            switch words.first {
            case "quit", "exit": return
            case "help", "?": write(Self.contentsHelp)
            case let word?:
                guard let activity = Self.activity(word, in: module.activities) else {
                    write("There is no activity '\(word)'. Type its number (1–\(module.activities.count)) or 'help'.")
                    continue
                }
                guard enter(activity) else { return }
            case nil: continue
            }
        }
    }

    /// Plays one activity until `back`; returns false when the session should end (`quit` or end of input).
    private func enter(_ activity: ActivityKind, resuming: UnfinishedAttempt? = nil) -> Bool {
        let controller: ActivityController
        do {
            controller = try resuming.map { try session.controller(for: activity, resuming: $0, at: now()) }
                ?? session.controller(for: activity, at: now())
        } catch {
            write("Cannot open \(activity.title): \(error)")
            return true
        }
        let screen = PlainActivities.make(controller)
        write("")
        write("== \(activity.title) ==")
        write(screen.describe(at: now()).joined(separator: "\n"))
        flushNotices()
        defer { controller.leave(at: now()) }
        while true {
            guard let words = prompt(activity.rawValue) else { return false }
            switch words.first {
            case "back", "done": return true
            case "quit", "exit": return false
            case "help", "?":
                write((["Commands:"] + screen.commands.map { "  " + $0 } + ["  back: return to the contents",
                                                                            "  quit: leave Lessonpack"]).joined(separator: "\n"))
            case "look": write(screen.describe(at: now()).joined(separator: "\n"))
            case nil: continue
            default:
                if let reply = screen.handle(words, at: now()) {
                    write(reply.joined(separator: "\n"))
                } else {
                    write("'\(words.joined(separator: " "))' is not a command here; type 'help' for the list.")
                }
                if let message = controller.unsavedMessage {
                    write(message)
                    return true
                }
            }
            flushNotices()
        }
    }

    /// At start, an attempt cut short (by a kill, a crash, or leaving) is offered for resuming.
    private func offerResume() -> UnfinishedAttempt? {
        guard let unfinished = try? session.store.unfinishedAttempt(moduleID: session.module.id),
              unfinished.moduleVersion == session.module.version else { return nil }
        let answers = unfinished.actions.count
        write("You have an unfinished \(unfinished.activity.title) attempt (\(answers) step\(answers == 1 ? "" : "s")" +
              " saved). Resume it? (yes/no)")
        while true {
            // End of input leaves the attempt as it is, to be offered again next time.
            guard let words = prompt("resume") else { return nil }
            switch words.first?.lowercased() {
            case "yes"?, "y"?: return unfinished
            case "no"?, "n"?:
                try? session.store.abandon(unfinished.id, at: now())
                return nil
            default: write("Please answer yes or no.")
            }
        }
    }

    private func contents() -> [String] {
        let histories = session.histories()
        return ["Contents:"] + session.module.activities.enumerated().map { index, activity in
            "  \(index + 1). \(activity.title): \(session.status(of: activity, in: histories))"
        } + ["Type a number to start an activity, or 'quit'."]
    }

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
        for notice in session.takeNotices() { write("Note: \(notice)") }
    }

    private func write(_ line: String) { output(line + "\n") }

    static func activity(_ word: String, in activities: [ActivityKind]) -> ActivityKind? {
        if let number = Int(word), activities.indices.contains(number - 1) { return activities[number - 1] }
        return activities.first { $0.rawValue == word.lowercased() }
    }

    static let contentsHelp = """
        Commands:
          1–8, or an activity's name (video, video-task, vocabulary, audio-game, pronunciation, questions,
            dictionary, test): open it
          quit: leave Lessonpack (everything is already saved)
        In every activity: 'help' lists its commands, 'look' shows it again, 'back' returns here.
        """
}
