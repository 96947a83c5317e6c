import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// The player as a process among others: one player per progress store, and no media player left behind.
@Suite(.serialized) struct PlayerProcessTests {
    /// A second player on the same progress is refused.
    @Test func aSecondPlayerIsRefused() throws {
        let data = TemporaryFolder()
        let first = try InteractiveProcess(LessonpackBinary.path, ["play", Paths.sampleModule, "--plain", "--data-dir", data.path,
                                                                   "--player", "none"])
        #expect(first.waitFor("contents>"))
        let second = try PlainPlay.run(["quit"], data: data.path)
        #expect(second.status != 0)
        #expect(second.standardError.contains("[progress-in-use]"), "\(second.standardError)")
        first.send("quit")
        #expect(first.waitUntilExit() == 0)
    }

    /// Ending plain play with a signal ends the media player too, though it runs in a group of its own.
    @Test func aSignalEndsTheMediaPlayerToo() throws {
        let folder = TemporaryFolder()
        let script = folder.child("player")
        try "#!/bin/sh\necho $$ > \"$0.pid\"\nexec sleep 30\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let player = try InteractiveProcess(LessonpackBinary.path, ["play", Paths.sampleModule, "--plain", "--data-dir",
                                                                    folder.child("data"), "--player", script + " {file}"])
        #expect(player.waitFor("contents>"))
        player.send("1")
        player.send("play")
        var sleeper: Int32?
        let deadline = Date().addingTimeInterval(10)
        while sleeper == nil, Date() < deadline {
            sleeper = (try? String(contentsOfFile: script + ".pid", encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            usleep(50_000)
        }
        let pid = try #require(sleeper, "the player never started: \(player.text)")
        kill(player.pid, SIGTERM)
        #expect(player.waitUntilExit() == 128 + SIGTERM)
        usleep(300_000)
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        #expect(state.isEmpty || state.contains(") Z "), "the media player outlived lessonpack: \(state)")
    }
}
