import Foundation
import LessonpackDiagnostics

/// A helper program running beside Lessonpack (a media player, a recorder) in a process group of its own, with its
/// input and output on /dev/null so it cannot scribble on the screen. Stopping it signals the whole group, so a
/// player started through a wrapper script goes with everything the script started; and every child is waited for
/// (reaped), so none is left defunct. Whatever happens, the group is gone when the value is.
package final class ChildProcess: @unchecked Sendable {
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    package let pid: pid_t
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `executable` with `arguments` (no shell: nothing is interpreted).
    package init(executable: String, arguments: [String]) throws(Failure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Its own group (led by itself), default signal handling, and no signals blocked, whatever ours are.
        let child: pid_t
        do { child = try Spawn.start(executable, arguments: arguments, actions: &actions, ownProcessGroup: true) } catch {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(error.code.rawValue)))")
        }
        pid = child
        Self.running.insert(child)
    }

    /// The groups still running, for `stopEverything`.
    private static let running = RunningGroups()

    /// Ends every group still running, at once: for a program that is being ended by a signal, whose helpers no
    /// longer hear the terminal's signals (they are in groups of their own). Safe to call from any thread.
    package static func stopEverything() {
        let groups = running.all()
        for group in groups { kill(-group, SIGTERM) }
        usleep(100_000)
        for group in groups { kill(-group, SIGKILL) }
    }

    deinit { stop() }

    /// The exit status once the program has ended (and been reaped), nil while it runs.
    package var exitStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return reap(blocking: false)
    }

    package var isRunning: Bool { exitStatus == nil }

    /// Asks the group to finish what it is doing (SIGINT: a recorder closes its file properly).
    package func interrupt() {
        lock.lock()
        defer { lock.unlock() }
        if reap(blocking: false) == nil { kill(-pid, SIGINT) }
    }

    /// Ends the group: SIGTERM, then SIGKILL for whatever is still there after half a second, and reaps the program.
    package func stop() {
        lock.lock()
        defer { lock.unlock() }
        if reap(blocking: false) == nil {
            kill(-pid, SIGTERM)
            let deadline = Date().addingTimeInterval(0.5)
            while reap(blocking: false) == nil, Date() < deadline { usleep(10_000) }
        }
        // Members of the group that outlived its leader (a wrapper script's children) go too.
        kill(-pid, SIGKILL)
        _ = reap(blocking: true)
    }

    /// Waits for the program to end, up to `timeout` seconds; its exit status, or nil when it is still running.
    package func wait(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let status = exitStatus { return status }
            guard Date() < deadline else { return nil }
            usleep(20_000)
        }
    }

    /// Call with the lock held.
    private func reap(blocking: Bool) -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
        if result == pid {
            status = Spawn.exitStatus(raw)
        } else if result < 0, errno == ECHILD {
            // Reaped elsewhere: it has ended all the same.
            status = -1
        }
        if status != nil { Self.running.remove(pid) }
        return status
    }
}

/// The process groups started and not yet reaped.
private final class RunningGroups: @unchecked Sendable {
    private let lock = NSLock()
    private var groups: Set<pid_t> = []

    func insert(_ group: pid_t) {
        lock.lock()
        groups.insert(group)
        lock.unlock()
    }

    func remove(_ group: pid_t) {
        lock.lock()
        groups.remove(group)
        lock.unlock()
    }

    func all() -> [pid_t] {
        lock.lock()
        defer { lock.unlock() }
        return Array(groups)
    }
}

extension ChildProcess.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(.helperFailed, description)] }
}

extension DiagnosticCode {
    /// A helper program (a player, a recorder) could not be started.
    package static let helperFailed: DiagnosticCode = "helper-failed"
}
