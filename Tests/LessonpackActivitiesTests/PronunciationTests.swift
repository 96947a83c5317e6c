import Foundation
import Testing
@testable import LessonpackActivities

/// The engine keeps what was recorded and compared; recording and mixing are the player's (see the player's tests).
@Suite struct PronunciationEngineTests {
    @Test func recordThenCompare() throws {
        var engine = dealt(PronunciationEngine.self)
        let line = sample.transcript[3]
        #expect(engine.apply(.hearOriginal(line: line.id), at: start) == [.play(media: line.audio)])
        // Comparing needs a recording.
        #expect(engine.apply(.compare(line: line.id, mode: .simultaneous), at: start).isEmpty)
        let asked = engine.apply(.record(line: line.id), at: start)
        #expect(asked == [.stopSound, .record(line: line.id, seconds: max(3, (line.end - line.start) * 1.5 + 1))])
        #expect(engine.recording == line.id)
        // A second request while recording is not another recording.
        #expect(engine.apply(.record(line: line.id), at: start).isEmpty)
        engine.run(try #require(PronunciationEngine.action(for: .recorded(line: line.id, file: "/tmp/l04.wav"))))
        #expect(engine.recording == nil && engine.recordings[line.id] == "/tmp/l04.wav")
        #expect(engine.apply(.compare(line: line.id, mode: .sequential), at: start)
            == [.compare(line: line.id, recording: "/tmp/l04.wav", mode: .sequential)])
        #expect(engine.apply(.compared(line: line.id, mode: .sequential, file: "/tmp/mix.wav"), at: start) == [.playFile(path: "/tmp/mix.wav")])
        let result = engine.result(at: later(120))
        let item = try #require(result.items.first { $0.id == line.id })
        #expect(item.outcome == .done && item.note == "compared: sequential")
        #expect(result.details == .pronunciation(recorded: 1, lines: 21))
        #expect(result.isCompleted)
        // A new recording makes the old comparisons stale.
        engine.run(.record(line: line.id), .recorded(line: line.id, file: "/tmp/l04.wav"))
        #expect(engine.comparisons[line.id] == nil)
    }

    @Test func aFailedRecordingIsNotDone() {
        var engine = dealt(PronunciationEngine.self)
        engine.run(.record(line: "l01"), .recordingFailed(line: "l01", reason: "no microphone"))
        #expect(engine.recording == nil && engine.failures["l01"] == "no microphone")
        let result = engine.result(at: later(5))
        #expect(result.details == .pronunciation(recorded: 0, lines: 21))
        #expect(!result.isCompleted)
    }
}
