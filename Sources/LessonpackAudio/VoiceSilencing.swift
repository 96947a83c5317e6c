import Foundation

/// One speaker's voice taken out of a conversation, or all but one speaker's: the spans where the others speak are
/// silenced, each edge faded over 30 ms outside the span so that no word of the speaker kept is clipped, and the
/// silence inside every span is complete.
package enum VoiceSilencing {
    /// The fade at each edge of a silenced span.
    package static let fade = 0.03
    /// The rate a prepared conversation is played at: a voice's whole band, in mono like the lines.
    package static let listeningRate = 44_100

    /// `signal` with every span of `silenced` (seconds, start before end) silenced.
    package static func silencing(_ signal: AudioSignal, spans silenced: [ClosedRange<Double>]) -> AudioSignal {
        var samples = signal.samples
        let rate = Double(signal.sampleRate)
        let fadeFrames = max(1, Int((fade * rate).rounded()))
        var gains = [Float](repeating: 1, count: samples.count)
        for span in silenced where span.lowerBound.isFinite && span.upperBound.isFinite {
            let first = Int((span.lowerBound * rate).rounded(.down)), last = Int((span.upperBound * rate).rounded(.up))
            // Down to silence before the span, silent through it, back up after it.
            for index in max(0, first - fadeFrames)..<min(samples.count, max(0, last + fadeFrames)) {
                let gain: Float
                if index < first {
                    gain = Float(first - index) / Float(fadeFrames)
                } else if index > last {
                    gain = Float(index - last) / Float(fadeFrames)
                } else {
                    gain = 0
                }
                gains[index] = min(gains[index], gain)
            }
        }
        for index in samples.indices { samples[index] *= gains[index] }
        return AudioSignal(samples: samples, sampleRate: signal.sampleRate)
    }

    /// Writes `media`'s sound with `silenced` spans silenced to `output` (16-bit WAV at the listening rate, replaced
    /// atomically): what the player plays for "only Helen" or "without Helen".
    package static func prepare(_ media: String, silencing silenced: [ClosedRange<Double>], to output: String) throws(AudioError) {
        let signal = try AudioReader.read(media, sampleRate: listeningRate)
        try AudioError.writing(silencing(signal, spans: silenced).wav(), to: output)
    }
}
