import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// Helpers run in a process group of their own; stopping one ends everything it started, and nothing is
/// left defunct.
@Suite(.serialized) struct ChildProcessTests {
    /// A wrapper script, as a configured player may be: it starts a child of its own and waits.
    static func wrapper(in folder: TemporaryFolder) throws -> String {
        let script = folder.child("wrapper")
        try "#!/bin/sh\nsleep 60 &\necho $! > \"$1\"\nsleep 60\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return script
    }

    /// Processes whose parent is this one and that have exited without being waited for.
    static func defunctChildren() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] == "Z" && Int32(fields[1]) == me
        }
    }

    static func alive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        // A zombie still answers kill(0): it is dead all the same.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return !stat.contains(") Z ")
    }

    @Test func stoppingEndsTheWholeGroupAndReapsIt() throws {
        let folder = TemporaryFolder()
        let pidFile = folder.child("grandchild")
        let process = try ChildProcess(executable: try Self.wrapper(in: folder), arguments: [pidFile])
        var grandchild: Int32?
        let deadline = Date().addingTimeInterval(5)
        while grandchild == nil, Date() < deadline {
            grandchild = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            usleep(20_000)
        }
        let sleeper = try #require(grandchild, "the wrapper never started its child")
        #expect(getpgid(process.pid) == process.pid, "the helper leads a group of its own")
        #expect(getpgid(sleeper) == process.pid)
        #expect(process.isRunning)
        process.stop()
        #expect(!process.isRunning)
        usleep(100_000)
        #expect(!Self.alive(sleeper), "the wrapper's child outlived it")
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(process.pid)"), "the helper was left defunct")
        #expect(!Self.defunctChildren().contains(process.pid))
    }

    @Test func aProgramThatEndsByItselfIsReapedWhenLookedAt() throws {
        let process = try ChildProcess(executable: "/bin/true", arguments: [])
        #expect(process.wait(timeout: 5) == 0)
        #expect(!Self.defunctChildren().contains(process.pid))
        let failing = try ChildProcess(executable: "/bin/false", arguments: [])
        #expect(failing.wait(timeout: 5) == 1)
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess(executable: "/no/such/program", arguments: []) }
    }
}
