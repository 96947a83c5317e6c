import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackRuntime

@Suite struct WAVTests {
    @Test func roundTripsSixteenBitAudio() throws {
        let audio = PCMAudio(sampleRate: 8000, channels: [[0, 1000, -1000, 32767, -32768], [5, 6, 7, 8, 9]])
        #expect(try WAVCodec.decode(WAVCodec.encode(audio)) == audio)
    }

    @Test func readsWhatOtherProgramsWrite() throws {
        let tone = try WAVCodec.decode([UInt8](TestAudio.wav(seconds: 0.5, sampleRate: 8000)))
        #expect(tone.sampleRate == 8000 && tone.frameCount == 4000 && tone.channels.count == 1)
        // 8-bit unsigned, a LIST chunk before the data, and an odd-sized chunk with its pad byte.
        var bytes = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8)
        bytes += Array("fmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1F, 0, 0, 0x40, 0x1F, 0, 0, 1, 0, 8, 0]
        bytes += Array("LIST".utf8) + [3, 0, 0, 0, 65, 66, 67, 0]
        bytes += Array("data".utf8) + [3, 0, 0, 0, 128, 255, 0]
        let eightBit = try WAVCodec.decode(bytes)
        #expect(eightBit.channels[0] == [0, 127 << 8, -128 << 8])
    }

    @Test func refusesWhatIsNotPlainPCM() {
        #expect(throws: RuntimeError.self) { try WAVCodec.decode(Array("hello".utf8)) }
        var compressed = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8)
        compressed += Array("fmt ".utf8) + [16, 0, 0, 0, 2, 0, 1, 0, 0x40, 0x1F, 0, 0, 0, 0, 0, 0, 1, 0, 4, 0]
        compressed += Array("data".utf8) + [2, 0, 0, 0, 1, 2]
        #expect(throws: RuntimeError(.runtimeAudioUndecodable, "the WAV file's encoding (format 2, 4 bits) is not plain PCM")) {
            try WAVCodec.decode(compressed)
        }
        var noData = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8)
        noData += Array("junk".utf8) + [255, 255, 255, 127]
        #expect(throws: RuntimeError.self) { try WAVCodec.decode(noData) }
    }

    @Test func resamplingAndMixing() {
        let stereo = PCMAudio(sampleRate: 8000, channels: [[100, 200], [300, 400]])
        #expect(stereo.mono().channels == [[200, 300]])
        let up = PCMAudio(sampleRate: 8000, channels: [[0, 1000]]).resampled(to: 16000)
        #expect(up.frameCount == 4 && up.channels[0][0] == 0 && up.channels[0][1] == 500)
    }

    @Test func comparisonsPutTheVoicesWhereTheyBelong() {
        let original = PCMAudio(sampleRate: 16000, channels: [Array(repeating: 1000, count: 16000)])
        let learner = PCMAudio(sampleRate: 8000, channels: [Array(repeating: -2000, count: 12000)])
        let both = VoiceMix.sideBySide(original: original, learner: learner)
        #expect(both.channels.count == 2)
        #expect(both.frameCount == 24000)
        #expect(both.channels[0][100] == 1000 && both.channels[1][100] == -2000)
        #expect(both.channels[0][20000] == 0 && both.channels[1][20000] == -2000)
        let turns = VoiceMix.oneAfterTheOther(original: original, learner: learner)
        #expect(turns.channels.count == 1)
        #expect(turns.frameCount == 16000 + 8000 + 24000)
        #expect(turns.channels[0][100] == 1000 && turns.channels[0][20000] == 0 && turns.channels[0][30000] == -2000)
    }

    @Test func decodesOpusThroughFFmpeg() throws {
        _ = try #require(ExternalTool.find("ffmpeg"), "scripts/setup installs ffmpeg")
        let audio = try AudioDecoder().decode(fileAt: Paths.sampleModule + "/media/lines/l01.opus")
        #expect(abs(audio.duration - 3.089) < 0.05)
        #expect(throws: RuntimeError.self) {
            try AudioDecoder(ffmpeg: nil).decode(fileAt: Paths.sampleModule + "/media/lines/l01.opus")
        }
    }
}
