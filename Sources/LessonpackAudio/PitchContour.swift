import Foundation

/// F0 over time: one value per frame, `nil` where the frame is unvoiced (silence, noise, a voiceless consonant).
package struct PitchContour: Sendable, Equatable {
    /// Seconds between frame centres.
    package var step: Double
    /// The centre of the first frame, in seconds from the start of the audio.
    package var start: Double
    /// Hz, or nil when unvoiced.
    package var f0: [Double?]

    package init(step: Double, start: Double, f0: [Double?]) {
        self.step = step
        self.start = start
        self.f0 = f0
    }

    package var count: Int { f0.count }
    package func time(ofFrame index: Int) -> Double { start + Double(index) * step }
    package var voicedCount: Int { f0.count { $0 != nil } }

    /// The median F0 of the voiced frames: the speaker's own reference, so that a low voice copying a high one
    /// is compared by shape, not by register.
    package var medianF0: Double? {
        let voiced = f0.compactMap { $0 }.sorted()
        guard !voiced.isEmpty else { return nil }
        let middle = voiced.count / 2
        return voiced.count % 2 == 1 ? voiced[middle] : (voiced[middle - 1] + voiced[middle]) / 2
    }

    /// Each frame in semitones above (or below) the median; nil where unvoiced.
    package var semitonesFromMedian: [Double?] {
        guard let median = medianF0 else { return f0.map { _ in nil } }
        return f0.map { $0.map { 12 * log2($0 / median) } }
    }
}
