/// The two mixes a learner compares their voice with the original by: the original in the left ear and the learner
/// in the right, or the original, a pause, then the learner.
package enum VoiceMix {
    /// The rate both voices are brought to: speech needs no more.
    package static let sampleRate = 16_000
    /// The pause between the original and the learner when played one after the other.
    package static let gap = 0.5

    /// Stereo: the original left, the learner right, as long as the longer of the two.
    package static func sideBySide(original: PCMAudio, learner: PCMAudio) -> PCMAudio {
        let (left, right) = (original.mono().resampled(to: sampleRate), learner.mono().resampled(to: sampleRate))
        let frames = max(left.frameCount, right.frameCount)
        return PCMAudio(sampleRate: sampleRate, channels: [left.padded(to: frames), right.padded(to: frames)])
    }

    /// Mono: the original, a pause, then the learner.
    package static func oneAfterTheOther(original: PCMAudio, learner: PCMAudio) -> PCMAudio {
        let (first, second) = (original.mono().resampled(to: sampleRate), learner.mono().resampled(to: sampleRate))
        let pause = PCMAudio.silence(seconds: gap, sampleRate: sampleRate)
        return PCMAudio(sampleRate: sampleRate, channels: [first.channels[0] + pause.channels[0] + second.channels[0]])
    }
}
