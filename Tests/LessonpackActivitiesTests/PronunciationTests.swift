import Foundation
import LessonpackModel
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

    @Test func aRecordingIsAnalysedAndOnlyItsOwnAnalysisIsKept() throws {
        var engine = dealt(PronunciationEngine.self)
        let line = sample.transcript[0]
        _ = engine.apply(.record(line: line.id), at: start)
        #expect(engine.apply(.recorded(line: line.id, file: "/tmp/a.wav"), at: start)
            == [.analyse(line: line.id, recording: "/tmp/a.wav")])
        let result = IntonationResult(score: 72, feedback: "Your voice falls at ‘morning’; the model rises.", timing: nil,
                                      step: 0.01, model: [120, 125, nil], learner: [200, nil, 190])
        // An analysis of a recording since replaced is not this line's.
        engine.run(.record(line: line.id), .recorded(line: line.id, file: "/tmp/b.wav"))
        engine.run(try #require(PronunciationEngine.action(for: .analysed(line: line.id, recording: "/tmp/a.wav", result: result))))
        #expect(engine.intonation[line.id] == nil)
        engine.run(.analysed(line: line.id, recording: "/tmp/b.wav", result: result))
        #expect(engine.intonation[line.id] == result)
        #expect(engine.result(at: later(5)).items.first?.note == "intonation 72/100")
        // A new recording clears it until analysed again.
        engine.run(.record(line: line.id), .recorded(line: line.id, file: "/tmp/c.wav"),
                   .analysisFailed(line: line.id, recording: "/tmp/c.wav", reason: "no voice was heard in the recording"))
        #expect(engine.intonation[line.id] == nil)
        #expect(engine.analysisFailures[line.id] == "no voice was heard in the recording")
    }

    @Test func theOriginalPlaysSlowerOnlyAtTheOfferedSpeeds() {
        var engine = dealt(PronunciationEngine.self)
        let line = sample.transcript[2]
        #expect(engine.apply(.hearSlowly(line: line.id, speed: 0.75), at: start) == [.playSlowed(media: line.audio, speed: 0.75)])
        #expect(engine.apply(.hearSlowly(line: line.id, speed: 0.5), at: start) == [.playSlowed(media: line.audio, speed: 0.5)])
        #expect(engine.apply(.hearSlowly(line: line.id, speed: 0.1), at: start).isEmpty)
        #expect(engine.apply(.hearSlowly(line: line.id, speed: 2), at: start).isEmpty)
        #expect(engine.apply(.hearSlowly(line: "nope", speed: 0.5), at: start).isEmpty)
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
