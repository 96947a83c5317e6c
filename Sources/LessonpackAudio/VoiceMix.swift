import Foundation
import LessonpackSystem

/// The two mixes a learner compares their voice with the original by: the original in the left ear and the learner
/// in the right, or the original, a pause, then the learner. Both voices are read by `AudioReader` (libsndfile, and
/// ffmpeg for what it cannot read), mixed to mono and resampled by libsamplerate to one rate.
package enum VoiceMix {
    /// The rate both voices are brought to: speech needs no more.
    package static let sampleRate = 16_000
    /// The pause between the original and the learner when played one after the other.
    package static let gap = 0.5

    /// Stereo: the original left, the learner right, as long as the longer of the two.
    package static func sideBySide(original: AudioSignal, learner: AudioSignal) -> StereoSignal {
        let frames = max(original.samples.count, learner.samples.count)
        return StereoSignal(left: padded(original.samples, to: frames), right: padded(learner.samples, to: frames),
                            sampleRate: sampleRate)
    }

    /// Mono: the original, a pause, then the learner.
    package static func oneAfterTheOther(original: AudioSignal, learner: AudioSignal) -> AudioSignal {
        let pause = [Float](repeating: 0, count: Int(gap * Double(sampleRate)))
        return AudioSignal(samples: original.samples + pause + learner.samples, sampleRate: sampleRate)
    }

    /// Reads both voices at the mixing rate and writes the mix for `simultaneous` (stereo) or not (one after the
    /// other) to `path` as 16-bit WAV, atomically.
    package static func write(original: String, learner: String, simultaneous: Bool,
                              to path: String) throws(AudioError) {
        let first = try AudioReader.read(original, sampleRate: sampleRate)
        let second = try AudioReader.read(learner, sampleRate: sampleRate)
        let wav = simultaneous
            ? sideBySide(original: first, learner: second).wav()
            : oneAfterTheOther(original: first, learner: second).wav()
        try AudioError.writing(wav, to: path)
    }

    private static func padded(_ samples: [Float], to frames: Int) -> [Float] {
        samples + [Float](repeating: 0, count: max(0, frames - samples.count))
    }
}

/// Two channels of the same length at one rate.
package struct StereoSignal: Sendable, Equatable {
    package var left: [Float]
    package var right: [Float]
    package var sampleRate: Int

    package func wav() -> Data {
        var interleaved: [Int16] = []
        interleaved.reserveCapacity(left.count * 2)
        for (l, r) in zip(left, right) { interleaved += [pcm16(l), pcm16(r)] }
        return WAVFile.pcm16(interleaved, channels: 2, sampleRate: sampleRate)
    }
}

extension AudioSignal {
    /// 16-bit PCM WAV bytes of the signal.
    package func wav() -> Data { WAVFile.pcm16(samples.map(pcm16), sampleRate: sampleRate) }
}

/// A sample in [-1, 1] as 16-bit PCM, clipped rather than wrapped.
private func pcm16(_ sample: Float) -> Int16 {
    Int16((max(-1, min(1, sample)) * 32767).rounded())
}
