/// The two ways to hear yourself against the original: at once (the original in the left ear, you in the right)
/// or one after the other.
public enum VoiceComparison: String, CaseIterable, Sendable, Codable {
    case simultaneous
    case sequential

    /// The rate both voices are brought to: speech needs no more.
    public static let sampleRate = 16_000
    /// The pause between the original and the learner when played one after the other.
    public static let gap = 0.5

    /// Mixes two recordings into one: stereo for `simultaneous`, mono (original, pause, learner) for `sequential`.
    public func combine(original: PCMAudio, learner: PCMAudio) -> PCMAudio {
        let rate = Self.sampleRate
        let left = original.mono().resampled(to: rate)
        let right = learner.mono().resampled(to: rate)
        switch self {
        case .simultaneous:
            let frames = max(left.frameCount, right.frameCount)
            return PCMAudio(sampleRate: rate, channels: [left.padded(to: frames), right.padded(to: frames)])
        case .sequential:
            let pause = PCMAudio.silence(seconds: Self.gap, sampleRate: rate)
            return PCMAudio(sampleRate: rate, channels: [left.channels[0] + pause.channels[0] + right.channels[0]])
        }
    }
}
