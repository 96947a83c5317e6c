import Foundation
import LessonpackSystem

/// A program in a real terminal: a detached tmux session of a fixed size, driven with send-keys and read with
/// capture-pane. Each session has its own tmux server socket, so tests never meet each other's sessions.
package final class TmuxSession: @unchecked Sendable {
    private let tmux: ExternalTool
    private let socket: String
    package let name = "lessonpack"

    package init(command: [String], environment: [String: String], columns: Int = 100, rows: Int = 30) throws {
        guard let tmux = ExternalTool.find("tmux") else { throw TmuxFailure("tmux is not installed (scripts/setup installs it)") }
        self.tmux = tmux
        socket = "lessonpack-test-\(UUID().uuidString.prefix(8))"
        // A UTF-8 terminal unless the test asks for another.
        let exports = (["LC_ALL": "C.UTF-8"].merging(environment) { _, new in new })
            .map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let line = "env TERM=xterm-256color \(exports) " + command.map(Self.quote).joined(separator: " ")
        // The tmux server outlives this call; Foundation's Process would wait for it, so spawn the client directly.
        let status = Self.spawn(tmux.path, ["-L", socket, "new-session", "-d", "-s", name, "-x", String(columns),
                                            "-y", String(rows), line])
        guard status == 0 else { throw TmuxFailure("tmux would not start (status \(status))") }
    }

    deinit {
        _ = try? tmux.run(["-L", socket, "kill-server"])
    }

    /// Sends keys as tmux names them: "Enter", "Space", "Up", "Escape", or literal text.
    package func send(_ keys: String...) {
        for key in keys { _ = try? tmux.run(["-L", socket, "send-keys", "-t", name, key]) }
    }

    /// Sends `text` literally, character by character.
    package func type(_ text: String) {
        _ = try? tmux.run(["-L", socket, "send-keys", "-t", name, "-l", text])
    }

    /// What the pane shows now.
    package func screen() -> String {
        guard let output = try? tmux.run(["-L", socket, "capture-pane", "-p", "-t", name]) else { return "" }
        return String(decoding: output.standardOutput, as: UTF8.self)
    }

    /// Waits until the screen contains `text`; returns the screen then (or the last one on timeout).
    @discardableResult
    package func waitFor(_ text: String, timeout: TimeInterval = 15) -> (found: Bool, screen: String) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = screen()
            if last.contains(text) { return (true, last) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return (false, last)
    }

    /// Whether the program in the pane is still running.
    package var isRunning: Bool {
        guard let output = try? tmux.run(["-L", socket, "list-panes", "-t", name, "-F", "#{pane_dead}"]) else { return false }
        return String(decoding: output.standardOutput, as: UTF8.self).hasPrefix("0")
    }

    /// Runs a program with /dev/null for input and output and every other descriptor closed, and waits for it.
    private static func spawn(_ path: String, _ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        // Test threads block most signals, and a child inherits the mask: without clearing it, the player in the
        // pane would ignore the SIGHUP of kill-server and outlive its test.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }

    private static func quote(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    package struct TmuxFailure: Error, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }
}
