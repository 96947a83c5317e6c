import Foundation
import LessonpackRuntime
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackActivities

/// Stands in for a microphone: "records" a tone of the length asked for, and notes what it was asked.
final class ToneRecorder: Recorder, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var requests: [(path: String, seconds: Double)] = []

    func record(to path: String, seconds: Double) throws(RuntimeError) {
        lock.lock()
        requests.append((path, seconds))
        lock.unlock()
        do { try TestAudio.wav(seconds: 1.0, sampleRate: 22050, frequency: 220).write(to: URL(fileURLWithPath: path)) } catch {
            throw RuntimeError("cannot write \(path)")
        }
    }
}

@Suite struct PronunciationTests {
    @Test func recordThenCompareBothWays() throws {
        _ = try #require(ExternalTool.find("ffmpeg"), "scripts/setup installs ffmpeg")
        let folder = TemporaryFolder()
        let loaded = try LoadedModule.open(Paths.sampleModule, cacheFolder: folder.child("cache"))
        let recorder = ToneRecorder()
        let studio = PronunciationStudio(media: loaded.media, recorder: recorder, workFolder: folder.child("work"))
        var engine = PronunciationEngine(module: loaded.module, at: start)
        engine.select("l04")
        let line = try #require(engine.currentLine)
        #expect(line.id == "l04")

        #expect(try studio.original(line).hasSuffix("media/lines/l04.opus"))
        engine.heardOriginal(line.id)
        let recording = try studio.record(line)
        #expect(recorder.requests.first?.seconds == max(3, (line.end - line.start) * 1.5 + 1))
        engine.recorded(line.id, file: recording)

        let together = try studio.compare(line, learner: recording, .simultaneous)
        let stereo = try AudioDecoder().decode(fileAt: together)
        let original = try AudioDecoder().decode(fileAt: try studio.original(line))
        #expect(stereo.channels.count == 2 && stereo.sampleRate == 16000)
        #expect(abs(stereo.duration - max(original.duration, 1.0)) < 0.01)
        // Left is the original (silent where the recording has sound left over), right is the learner.
        #expect(stereo.channels[1].prefix(16000).contains { $0 != 0 })
        engine.compared(line.id, .simultaneous, file: together)

        let turns = try studio.compare(line, learner: recording, .sequential)
        let sequential = try AudioDecoder().decode(fileAt: turns)
        #expect(sequential.channels.count == 1)
        #expect(abs(sequential.duration - (original.duration + VoiceComparison.gap + 1.0)) < 0.01)
        engine.compared(line.id, .sequential, file: turns)

        let result = engine.result(at: later(120))
        let item = try #require(result.items.first { $0.id == "l04" })
        #expect(item.outcome == .done && item.note == "compared: sequential, simultaneous")
        #expect(result.details["recorded"] == "1")
        // A new recording makes the old comparisons stale.
        engine.recorded(line.id, file: recording)
        #expect(engine.comparisons["l04"] == nil)
    }

    @Test func movingThroughLines() {
        var engine = PronunciationEngine(module: sample, at: start)
        engine.previous()
        #expect(engine.current == 0)
        for _ in 0..<30 { engine.next() }
        #expect(engine.currentLine?.id == "l21")
    }
}
