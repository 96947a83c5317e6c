import Foundation
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackAudio

/// A role play heard back: the learner's recordings in place of their lines.
@Suite struct RolePlayMixTests {
    /// A conversation of 1.0 (the others) and a line of 0.5 between 1 s and 2 s; the learner's take is quiet, then
    /// 0.25 for half a second, then quiet. The line's span is gone, the voice alone is heard there (with its
    /// margins), and the rest of the conversation follows it.
    @Test func aTakeReplacesItsLineAndTheConversationWaitsForIt() {
        let rate = 1000
        let conversation = AudioSignal(samples: Array(repeating: 1, count: 1000) + Array(repeating: 0.5, count: 1000)
                                           + Array(repeating: 1, count: 1000), sampleRate: rate)
        let take = AudioSignal(samples: Array(repeating: 0, count: 700) + Array(repeating: 0.25, count: 500)
                                   + Array(repeating: 0, count: 900), sampleRate: rate)
        let mixed = RolePlayMix.mixing(conversation, takes: [(1.0...2.0, take)]).samples
        // 1 s of conversation, the voice with 150 ms each side, 1 s of conversation.
        #expect(mixed.count == 1000 + 800 + 1000)
        #expect(mixed[..<970].allSatisfy { $0 == 1 })
        #expect(mixed[971..<1000].allSatisfy { $0 < 1 })
        #expect(mixed[1000..<1150].allSatisfy { $0 == 0 })
        #expect(mixed[1150..<1650].allSatisfy { $0 == 0.25 })
        #expect(!mixed[1000..<1800].contains(0.5))
        #expect(mixed[1830...].allSatisfy { $0 == 1 })
        // Silence alone is no voice: the line is left out and nothing put there.
        let silent = RolePlayMix.mixing(conversation, takes: [(1.0...2.0, AudioSignal(samples: [0, 0], sampleRate: rate))])
        #expect(silent.samples.count == 2000)
    }

    /// The sample conversation with festival's reading of the applicant's second line in its place: sox finds the
    /// manager's lines as they were, and the applicant's line not there (the file is shorter by the span, longer by
    /// the take).
    @Test func theSampleConversationWithATakeInIt() throws {
        _ = try #require(ExternalTool.find("sox"), "scripts/setup installs sox")
        _ = try #require(ExternalTool.find("ffmpeg"), "scripts/setup installs ffmpeg")
        let module = try ModuleLoader.load(folder: Paths.sampleModule).module
        let video = Paths.sampleModule + "/media/" + (module.video ?? "")
        let line = try #require(module.transcript.first { $0.id == "l04" })
        let before = try #require(module.transcript.first { $0.id == "l03" })
        let after = try #require(module.transcript.first { $0.id == "l05" })
        let folder = TemporaryFolder()
        // Any other voice does: the module's clip of another line, read as the learner's take.
        let take = Paths.sampleModule + "/media/" + (module.transcript.first { $0.id == "l06" }?.audio ?? "")
        let original = folder.child("original.wav"), mine = folder.child("mine.wav")
        try AudioReader.read(video, sampleRate: VoiceSilencing.listeningRate).wav().write(to: URL(fileURLWithPath: original))
        try RolePlayMix.prepare(video, takes: [RolePlayMix.Take(span: line.start...line.end, recording: take)], to: mine)
        let voice = RolePlayMix.voiced(try AudioReader.read(take, sampleRate: VoiceSilencing.listeningRate))
        let shift = Double(voice.count) / Double(VoiceSilencing.listeningRate) - (line.end - line.start)
        // Helen's line before, as it was; her line after, as it was, later by the difference.
        let same = 20 * log10(try SoxMeasure.rms(mine, from: before.start, to: before.end - 0.05)
                              / SoxMeasure.rms(original, from: before.start, to: before.end - 0.05))
        #expect(abs(same) <= 0.5, "l03: \(same) dB")
        let moved = 20 * log10(try SoxMeasure.rms(mine, from: after.start + shift + 0.05, to: after.end + shift)
                               / SoxMeasure.rms(original, from: after.start + 0.05, to: after.end))
        #expect(abs(moved) <= 0.5, "l05: \(moved) dB")
    }
}
