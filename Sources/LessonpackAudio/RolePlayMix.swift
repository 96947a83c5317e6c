import Foundation

/// A role play heard back: the conversation with the learner's recordings in place of the lines they said. Each of
/// those lines' spans is left out of the original (faded over 30 ms at its edges, as `VoiceSilencing` fades) and
/// the learner's recording, trimmed of the quiet before and after their voice, is heard there instead. The
/// conversation waits for the learner's line however long it is, so nothing of theirs overlaps the next line.
package enum RolePlayMix {
    /// A line the learner said: where it is in the conversation, and their recording of it.
    package struct Take: Sendable, Equatable {
        package var span: ClosedRange<Double>
        package var recording: String

        package init(span: ClosedRange<Double>, recording: String) {
            self.span = span
            self.recording = recording
        }
    }

    /// A little quiet each side of the learner's voice, so that it does not start or stop abruptly.
    package static let margin = 0.15

    /// The conversation `signal` with `takes` (sorted by start, not overlapping) heard in place of their spans.
    package static func mixing(_ signal: AudioSignal, takes: [(span: ClosedRange<Double>, voice: AudioSignal)]) -> AudioSignal {
        let rate = Double(signal.sampleRate)
        let faded = VoiceSilencing.silencing(signal, spans: takes.map(\.span)).samples
        var output: [Float] = []
        output.reserveCapacity(faded.count + takes.reduce(0) { $0 + $1.voice.samples.count })
        var cursor = 0
        for take in takes {
            // The original up to the start of the line (its fade-out included), then the learner, then on from the
            // end of the line (the fade-in with it).
            let start = min(faded.count, max(cursor, Int((take.span.lowerBound * rate).rounded(.down))))
            output += faded[cursor..<start]
            output += voiced(take.voice)
            cursor = min(faded.count, max(start, Int((take.span.upperBound * rate).rounded(.up))))
        }
        output += faded[cursor...]
        return AudioSignal(samples: output, sampleRate: signal.sampleRate)
    }

    /// `voice` without the quiet before and after it (frames 30 dB below its loudest), `margin` kept each side.
    static func voiced(_ voice: AudioSignal) -> [Float] {
        let samples = voice.samples
        let frame = max(1, voice.sampleRate / 100)
        let loudness = stride(from: 0, to: samples.count, by: frame).map { start in
            let slice = samples[start..<min(samples.count, start + frame)]
            return (slice.reduce(Float(0)) { $0 + $1 * $1 } / Float(slice.count)).squareRoot()
        }
        guard let loudest = loudness.max(), loudest > 0 else { return [] }
        let threshold = loudest * 0.0316  // -30 dB
        guard let first = loudness.firstIndex(where: { $0 >= threshold }),
              let last = loudness.lastIndex(where: { $0 >= threshold }) else { return [] }
        let keep = Int(margin * Double(voice.sampleRate))
        let from = max(0, first * frame - keep), to = min(samples.count, (last + 1) * frame + keep)
        return Array(samples[from..<to])
    }

    /// Reads the conversation in `media` and every recording at the listening rate, and writes the learner's version
    /// to `output` (16-bit WAV, replaced atomically).
    package static func prepare(_ media: String, takes: [Take], to output: String) throws(AudioError) {
        let rate = VoiceSilencing.listeningRate
        let signal = try AudioReader.read(media, sampleRate: rate)
        var voices: [(span: ClosedRange<Double>, voice: AudioSignal)] = []
        for take in takes.sorted(by: { $0.span.lowerBound < $1.span.lowerBound }) {
            // Lines that overlap the one before are heard after it.
            let start = max(take.span.lowerBound, voices.last?.span.upperBound ?? 0)
            voices.append((start...max(start, take.span.upperBound), try AudioReader.read(take.recording, sampleRate: rate)))
        }
        try AudioError.writing(mixing(signal, takes: voices).wav(), to: output)
    }
}
