import Foundation
import LessonpackDiagnostics
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackAudio

/// The two mixes a learner hears their voice against the original by, made by the one audio stack.
@Suite struct VoiceMixing {
    @Test func sideBySidePutsEachVoiceInItsEarForTheLongerOne() {
        let original = AudioSignal(samples: Array(repeating: 0.25, count: 16_000), sampleRate: 16_000)
        let learner = AudioSignal(samples: Array(repeating: -0.5, count: 24_000), sampleRate: 16_000)
        let both = VoiceMix.sideBySide(original: original, learner: learner)
        #expect(both.left.count == 24_000 && both.right.count == 24_000)
        #expect(both.left[100] == 0.25 && both.right[100] == -0.5)
        #expect(both.left[20_000] == 0 && both.right[20_000] == -0.5)
    }

    @Test func oneAfterTheOtherLeavesHalfASecondBetween() {
        let original = AudioSignal(samples: Array(repeating: 0.25, count: 16_000), sampleRate: 16_000)
        let learner = AudioSignal(samples: Array(repeating: -0.5, count: 24_000), sampleRate: 16_000)
        let turns = VoiceMix.oneAfterTheOther(original: original, learner: learner)
        #expect(turns.samples.count == 16_000 + 8_000 + 24_000)
        #expect(turns.samples[100] == 0.25 && turns.samples[20_000] == 0 && turns.samples[30_000] == -0.5)
    }

    /// The sample module's Opus line (through ffmpeg) against a 44.1 kHz stereo WAV (libsndfile, resampled by
    /// libsamplerate): the written mix is a 16 kHz WAV as long as both with the pause.
    @Test func aMixIsWrittenFromFilesOfAnyKind() throws {
        _ = try #require(ExternalTool.find("ffmpeg"), "scripts/setup installs ffmpeg")
        let folder = TemporaryFolder()
        let learner = folder.child("learner.wav")
        let seconds = 1.5
        let samples = (0..<Int(seconds * 44_100)).map { Float(0.3 * sin(2 * Double.pi * 200 * Double($0) / 44_100)) }
        try StereoSignal(left: samples, right: samples, sampleRate: 44_100).wav().write(to: URL(fileURLWithPath: learner))
        let original = Paths.sampleModule + "/media/lines/l01.opus"
        let mixed = folder.child("mixed.wav")
        try VoiceMix.write(original: original, learner: learner, simultaneous: false, to: mixed)
        let heard = try AudioReader.read(mixed, sampleRate: VoiceMix.sampleRate)
        let expected = try AudioReader.read(original).duration + VoiceMix.gap + seconds
        #expect(abs(heard.duration - expected) < 0.02, "\(heard.duration) against \(expected)")

        let stereo = folder.child("stereo.wav")
        try VoiceMix.write(original: original, learner: learner, simultaneous: true, to: stereo)
        let header = try Data(contentsOf: URL(fileURLWithPath: stereo)).prefix(44)
        #expect(header[22] == 2 && header[24] == 0x80 && header[25] == 0x3E)  // two channels at 16 000 Hz
    }

    @Test func aMixOfWhatIsNotAudioSaysWhichFile() throws {
        let folder = TemporaryFolder()
        let text = folder.write("not audio", to: "original.wav")
        #expect { try VoiceMix.write(original: text, learner: text, simultaneous: true, to: folder.child("out.wav")) }
            throws: { ($0 as? AudioError)?.code == .audioUnreadable }
        #expect(!FileManager.default.fileExists(atPath: folder.child("out.wav")))
    }
}
