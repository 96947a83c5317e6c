import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// Recording runs in the background with a countdown, stops early when asked, and a recording that
/// failed leaves the activity visited, not done.
@Suite(.serialized) struct RecordingTests {
    /// A recorder that takes its time, as a microphone does, and writes a tone when stopped or done. It creates
    /// `readyFile(in:)` once it listens for the stop, so a test never stops it before then.
    static func slowRecorder(in folder: TemporaryFolder) throws -> String {
        let script = folder.child("slow-recorder")
        try """
            #!/bin/sh
            # slow-recorder OUTPUT SECONDS: "records" until SECONDS have passed or it is interrupted.
            finish() { sox -n -r 16000 -c 1 "$1" synth 0.5 sine 300; exit 0; }
            trap 'finish "$1"' INT TERM
            : > "\(readyFile(in: folder))"
            sleep "$2" &
            wait $!
            finish "$1"
            """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return script + " {output} {seconds}"
    }

    static func readyFile(in folder: TemporaryFolder) -> String { folder.child("recorder-ready") }

    @Test func aRecordingCountsDownAndStopsEarlyWhenAsked() throws {
        _ = try #require(ExternalTool.find("sox"), "scripts/setup installs sox")
        let folder = TemporaryFolder()
        let session = try makeSession(in: folder, recorder: try Self.slowRecorder(in: folder))
        let practice = try open(PronunciationPresenter.self, in: session)
        let began = Date()
        #expect(practice.send(.record, at: began)?.text == "Recording: say the line now.")
        let view = practice.view(at: began.addingTimeInterval(1))
        // The first line is 2.7 seconds long: a recording may last 5.05 seconds.
        #expect(view.recording == "Recording: say the line now. 5 seconds left.", "\(String(describing: view.recording))")
        #expect(practice.poll(at: Date()) == nil)
        // The same key stops it, a moment later as a learner would: what was said is kept. Not before the
        // recorder listens for the stop, which a loaded machine may take a while to start.
        let listening = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: Self.readyFile(in: folder)), Date() < listening { usleep(20_000) }
        usleep(500_000)
        let stopped = Date()
        practice.send(.record, at: stopped)
        var outcome: Message?
        let deadline = Date().addingTimeInterval(5)
        while outcome == nil, Date() < deadline {
            outcome = practice.poll(at: Date())
            usleep(50_000)
        }
        #expect(outcome?.text == "Recorded: compare it with the original.")
        #expect(Date().timeIntervalSince(stopped) < 3, "stopping early did not stop the recorder")
        #expect(practice.engine.recordings["l01"] != nil)
        #expect(practice.view(at: Date()).recording == nil)
        practice.leave(at: Date())
        #expect(session.statuses()[.pronunciation] == .done)
    }

    @Test func aFailedRecordingSaysWhyAndLeavesTheActivityVisited() throws {
        let folder = TemporaryFolder()
        let session = try makeSession(in: folder, recorder: "/bin/false {output}")
        let practice = try open(PronunciationPresenter.self, in: session)
        practice.send(.record, at: Date())
        let message = practice.waitForEffects()
        #expect(message?.text.hasPrefix("Cannot record: the recorder stopped without recording anything") == true,
                "\(String(describing: message))")
        #expect(practice.view(at: Date()).failure?.contains("the recorder stopped") == true)
        practice.leave(at: Date())
        #expect(session.statuses()[.pronunciation] == .visited)
    }

    @Test func withoutARecorderTheLearnerIsToldAtOnce() throws {
        let session = try makeSession(in: TemporaryFolder(), recorder: "none")
        let practice = try open(PronunciationPresenter.self, in: session)
        let message = practice.send(.record, at: Date())
        #expect(message?.text == "Cannot record: recording is turned off", "\(String(describing: message))")
        #expect(practice.view(at: Date()).recording == nil)
    }

    /// A recording that fails keeps the last good one: it is still there to compare with.
    @Test func aFailedRecordingKeepsTheLastGoodOne() throws {
        _ = try #require(ExternalTool.find("sox"), "scripts/setup installs sox")
        let folder = TemporaryFolder()
        let script = folder.child("once")
        // Records the first time, fails every time after.
        try """
            #!/bin/sh
            if [ -e "$0.done" ]; then exit 1; fi
            touch "$0.done"
            sox -n -r 16000 -c 1 "$1" synth 1.5 sine 300
            """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let session = try makeSession(in: folder, recorder: script + " {output}")
        let practice = try open(PronunciationPresenter.self, in: session)
        practice.send(.record, at: Date())
        // The recording is analysed against the original in the background; plain mode waits for the result.
        #expect(practice.waitForEffects()?.text.hasPrefix("Intonation: ") == true)
        let good = try #require(practice.engine.recordings["l01"])
        #expect(practice.engine.intonation["l01"].map { (0...100).contains($0.score) && !$0.learner.isEmpty } == true)
        practice.send(.record, at: Date())
        #expect(practice.waitForEffects()?.text.hasPrefix("Cannot record:") == true)
        #expect(practice.engine.recordings["l01"] == good)
        #expect(FileManager.default.fileExists(atPath: good))
    }
}
