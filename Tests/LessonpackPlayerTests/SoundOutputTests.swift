import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// Media players as the player meets them (see ChildProcessTests): pausing, seeking and stopping leave no player
/// running and none defunct, even a player started through a wrapper script.
@Suite(.serialized) struct SoundOutputTests {
    @Test func everyStoppedPlayerIsGoneAndReaped() throws {
        let folder = TemporaryFolder()
        let script = folder.child("player")
        try "#!/bin/sh\nsleep 60 &\nsleep 60\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let sound = SoundOutput(configured: script + " {file} {start}")
        #expect(sound.unavailableReason == nil)
        var groups: [Int32] = []
        for start in 0..<5 {
            // Seeking: each play replaces the one before.
            #expect(sound.play(folder.child("clip.wav"), from: Double(start)) == nil)
            groups.append(try #require(sound.currentProcessID))
            usleep(100_000)
        }
        sound.stop()
        usleep(200_000)
        for group in groups {
            // Nothing of the group runs on. (What the wrapper started was orphaned when it died: reaping those is
            // the system's init's job, and a container without one shows them defunct for a while.)
            let running = Self.members(of: group).filter { !$0.contains(") Z ") }
            #expect(running.isEmpty, "process group \(group) is still running: \(running)")
            // Reaped: not even a defunct entry is left.
            #expect(!FileManager.default.fileExists(atPath: "/proc/\(group)"), "\(group) was left defunct")
        }
    }

    @Test func aPlayerThatCannotStartSaysSo() {
        let sound = SoundOutput(configured: "/no/such/player {file}")
        let reason = sound.play("clip.wav")
        #expect(reason?.hasPrefix("the player cannot be started") == true, "\(String(describing: reason))")
    }

    @Test func aClipStopsWhereItIsToldTo() throws {
        let sound = SoundOutput(configured: "/bin/sleep {file}")
        #expect(sound.play("60", from: 0, until: 0.3) == nil)
        #expect(sound.isPlaying)
        // Not a timing test: the clip (a 60 s sleep) must end long before it would on its own. A loaded machine
        // may run the stop late, so wait for it with room to spare.
        let deadline = Date().addingTimeInterval(20)
        while sound.isPlaying, Date() < deadline { usleep(50_000) }
        #expect(!sound.isPlaying, "still playing 20 s after it was told to stop at 0.3 s")
    }

    static func members(of group: Int32) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).compactMap { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 3 && Int32(fields[2]) == group ? stat : nil
        }
    }
}
