import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackAudio

@Suite struct AudioReading {
    /// A file libsndfile cannot read (an MP4, decoded by ffmpeg instead) leaves the reader's descriptor open: libsndfile
    /// 1.2.0 closes the descriptor it is given when it fails, even when told not to, and the reader's own close then
    /// closed whatever another thread had opened under that number (a tool's pipe, read as garbage or cut short).
    @Test func aFileLibsndfileCannotReadLeavesTheDescriptorOpen() throws {
        let file = try ReadableFile.open(Paths.inPackage("Modules/job-interview/media/conversation.mp4")).get()
        let signal = try AudioReader.read(file, named: "conversation.mp4", maximumSeconds: 600)
        #expect(!signal.samples.isEmpty)
        #expect(file.withDescriptor { fcntl($0, F_GETFD) } >= 0, "libsndfile closed the reader's descriptor")
    }

    @Test func aStereoFileAt44kIsMixedAndResampled() throws {
        let folder = TemporaryFolder()
        let path = folder.child("tone.wav")
        // Left and right the same 220 Hz tone, one second at 44.1 kHz, as 16-bit PCM.
        let left = tone(seconds: 1, rate: 44_100) { _ in 220 }
        let data = Self.stereo(WAVEncoding.data(AudioSignal(samples: left.samples, sampleRate: 44_100)), samples: left.samples)
        try data.write(to: URL(fileURLWithPath: path))
        let signal = try AudioReader.read(path)
        #expect(signal.sampleRate == 16_000)
        #expect(abs(signal.samples.count - 16_000) <= 16)
        let f0 = PitchTracker().contour(of: signal).medianF0
        #expect(f0.map { cents($0, 220) < 5 } == true, "\(String(describing: f0))")
    }

    @Test func theSampleModulesOpusLinesDecode() throws {
        let path = Paths.sampleModule + "/media/lines/l01.opus"
        let signal = try AudioReader.read(path)
        #expect(signal.duration > 1 && signal.duration < 10)
        #expect(PitchTracker().contour(of: signal).voicedCount > 50)
    }

    @Test func whatIsNotAudioIsRefusedWithTheFilesName() throws {
        let folder = TemporaryFolder()
        let text = folder.write("not audio at all", to: "notes.wav")
        #expect { try AudioReader.read(text) } throws: { error in
            guard let error = error as? AudioError else { return false }
            return error.kind == .unreadable && error.description.hasPrefix(text + ": not audio")
        }
        for path in [folder.path, folder.child("missing.wav")] {
            #expect { try AudioReader.read(path) } throws: { ($0 as? AudioError)?.kind == .cannotOpen }
        }
    }

    /// AAC in M4A (which modules may use) and WebM (which browsers record) are not libsndfile's: ffmpeg decodes them.
    @Test func whatLibsndfileCannotReadGoesThroughFFmpeg() throws {
        let ffmpeg = try #require(ExternalTool.find("ffmpeg"), "scripts/setup installs ffmpeg")
        let folder = TemporaryFolder()
        let wav = folder.child("tone.wav")
        try WAVEncoding.data(tone(seconds: 1) { _ in 180 }).write(to: URL(fileURLWithPath: wav))
        for (name, codec) in [("tone.m4a", "aac"), ("tone.webm", "libopus")] {
            let path = folder.child(name)
            let made = try ffmpeg.run(["-nostdin", "-v", "error", "-i", wav, "-c:a", codec, path])
            try #require(made.succeeded, "ffmpeg: \(made.errorText)")
            let signal = try AudioReader.read(path)
            #expect(signal.sampleRate == 16_000 && abs(signal.duration - 1) < 0.1, "\(name): \(signal.duration) s")
            let f0 = PitchTracker().contour(of: signal).medianF0
            #expect(f0.map { cents($0, 180) < 10 } == true, "\(name): \(String(describing: f0))")
        }
    }

    @Test func aFileLongerThanTheLimitIsRefusedBeforeDecoding() throws {
        let folder = TemporaryFolder()
        let path = folder.child("long.wav")
        try WAVEncoding.data(AudioSignal(samples: [Float](repeating: 0, count: 16_000 * 3), sampleRate: 16_000))
            .write(to: URL(fileURLWithPath: path))
        #expect { try AudioReader.read(path, maximumSeconds: 2) } throws: { ($0 as? AudioError)?.kind == .tooLong }
    }

    /// The mono WAV's bytes made stereo, each sample twice.
    private static func stereo(_ mono: Data, samples: [Float]) -> Data {
        var header = Data(mono.prefix(44))
        func put(_ value: UInt32, at offset: Int) { withUnsafeBytes(of: value.littleEndian) { header.replaceSubrange(offset..<(offset + 4), with: $0) } }
        func put16(_ value: UInt16, at offset: Int) { withUnsafeBytes(of: value.littleEndian) { header.replaceSubrange(offset..<(offset + 2), with: $0) } }
        let bytes = UInt32(samples.count * 4)
        put(36 + bytes, at: 4); put16(2, at: 22); put(44_100 * 4, at: 28); put16(4, at: 32); put(bytes, at: 40)
        var body = Data(capacity: Int(bytes))
        for sample in samples {
            let value = Int16(max(-1, min(1, sample)) * 32767).littleEndian
            withUnsafeBytes(of: value) { body.append(contentsOf: $0); body.append(contentsOf: $0) }
        }
        return header + body
    }
}
