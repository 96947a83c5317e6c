import Foundation
import Testing
@testable import LessonpackAlign

@Suite struct TrimmingTests {
    @Test func theSpokenPartOfASynthesisedLineLeavesOutItsSilence() {
        let rate = 16_000
        let silence = [Float](repeating: 0, count: rate / 2)
        let speech = MFCCTests.tone(440, seconds: 1)
        let span = ForcedAligner.spokenPart(of: silence + speech + silence, sampleRate: rate)
        #expect(span == 8000..<24000)
        #expect(ForcedAligner.spokenPart(of: silence, sampleRate: rate) == nil)
    }

    /// Levels every 10 ms: 0.5 s of quiet, 1 s of speech with a 40 ms stop closure, 0.4 s of quiet, 0.6 s of speech.
    static let levels: [Float] = Array(repeating: -60, count: 50) + Array(repeating: -20, count: 40)
        + Array(repeating: -60, count: 4) + Array(repeating: -20, count: 56) + Array(repeating: -60, count: 40)
        + Array(repeating: -20, count: 60) + Array(repeating: -60, count: 30)

    @Test func aStopClosureIsNotAPause() {
        let activity = SpeechActivity(levels: Self.levels, hop: 0.01, frameCentre: 0)
        #expect(activity.pauses == [0..<50, 150..<190, 250..<280])
    }

    @Test func boundariesMoveToTheNearestPausesEdge() throws {
        let activity = SpeechActivity(levels: Self.levels, hop: 0.01, frameCentre: 0)
        let start = try #require(activity.speechStart(near: 1.75, within: 0.35))
        #expect(abs(start - 1.895) < 1e-9)
        let end = try #require(activity.speechEnd(near: 1.6, within: 0.35))
        #expect(abs(end - 1.495) < 1e-9)
        #expect(activity.speechStart(near: 1.0, within: 0.35) == nil)
        #expect(activity.hasSpeech(from: 0.6, to: 0.7))
        #expect(!activity.hasSpeech(from: 1.55, to: 1.85))
    }
}
