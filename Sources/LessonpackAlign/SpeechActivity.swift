import Foundation

/// Which frames of a recording hold speech, from each frame's speech-band level: louder than the recording's
/// quiet (its noise floor) by a margin set from how far its speech rises above that floor. Pauses are the runs of
/// quiet long enough not to be a stop consonant's closure; line boundaries are moved to their edges.
package struct SpeechActivity: Sendable {
    package let hop: Double
    /// Seconds from a frame's first sample to its middle, where its level belongs.
    package let frameCentre: Double
    package let isSpeech: [Bool]
    /// Runs of frames without speech, at least `shortestPause` long, in order.
    package let pauses: [Range<Int>]
    package let threshold: Float
    /// Each frame's speech-band level (dB), as measured.
    package let levels: [Float]

    /// A silence shorter than this inside speech is a closure before a stop ("p", "t", "k"), not a pause.
    package static let shortestPause = 0.10
    /// A burst of level shorter than this amid silence is a click or a noise, not speech.
    package static let shortestSpeech = 0.03

    /// `voicing`, when given, is each frame's level below 250 Hz: an onset is followed back through it (see below).
    package init(levels: [Float], voicing: [Float] = [], hop: Double, frameCentre: Double) {
        self.hop = hop
        self.frameCentre = frameCentre
        self.levels = levels
        let sorted = levels.sorted()
        func percentile(_ p: Double) -> Float {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
        }
        let floor = percentile(0.10), loud = percentile(0.95)
        // Above the floor by at least 6 dB (noise varies by a few dB frame to frame), and by a fifth of the
        // speech's range: a clean recording's floor is far below its speech, and its quiet onsets count.
        let threshold = floor + max(6, 0.2 * (loud - floor))
        self.threshold = threshold
        var speech = levels.map { $0 > threshold }
        Self.fill(&speech, value: true, runsShorterThan: Int((Self.shortestSpeech / hop).rounded()))
        // Speech fades in and out: each run reaches on, either way, while the level stays above the noise (2 dB
        // over its floor), so a word's quiet onset and its decay count as the word's.
        let quiet = floor + 2
        // A word that starts voiced and low ("well", "large") shows first below 250 Hz, where room noise is strong
        // too: there, frames whose three-frame mean is 5 dB over that band's floor, with dips shorter than a pause
        // bridged, are voicing, and an onset reaches back through it. Only onsets: a room's echo lingers longest in
        // the low band, and would carry ends on into the pause.
        var voiced = [Bool](repeating: false, count: voicing.count == levels.count ? levels.count : 0)
        if !voiced.isEmpty {
            let voicingFloor = voicing.sorted()[Int(Double(voicing.count - 1) * 0.1)]
            for index in 1..<max(1, voicing.count - 1) {
                voiced[index] = (voicing[index - 1] + voicing[index] + voicing[index + 1]) / 3 > voicingFloor + 5
            }
            Self.fill(&voiced, value: false, runsShorterThan: Int((Self.shortestPause / hop).rounded()))
            Self.fill(&voiced, value: true, runsShorterThan: Int((Self.shortestSpeech / hop).rounded()))
        }
        var index = 0
        while index < speech.count {
            guard speech[index] else { index += 1; continue }
            var end = index
            while end < speech.count, speech[end] { end += 1 }
            var start = index
            while start > 0, !speech[start - 1], levels[start - 1] > quiet || (!voiced.isEmpty && voiced[start - 1]) {
                start -= 1
                speech[start] = true
            }
            while end < speech.count, !speech[end], levels[end] > quiet { speech[end] = true; end += 1 }
            index = end
        }
        Self.fill(&speech, value: false, runsShorterThan: Int((Self.shortestPause / hop).rounded()))
        isSpeech = speech
        var pauses: [Range<Int>] = []
        var start: Int?
        for (index, loud) in speech.enumerated() {
            if !loud, start == nil { start = index }
            if loud, let begun = start {
                pauses.append(begun..<index)
                start = nil
            }
        }
        if let begun = start { pauses.append(begun..<speech.count) }
        self.pauses = pauses
    }

    /// Runs of `value` shorter than `length` frames, between runs of the other value, are turned into the other.
    static func fill(_ flags: inout [Bool], value: Bool, runsShorterThan length: Int) {
        var index = 0
        while index < flags.count {
            guard flags[index] == value else { index += 1; continue }
            var end = index
            while end < flags.count, flags[end] == value { end += 1 }
            if end - index < length, index > 0, end < flags.count {
                for k in index..<end { flags[k] = !value }
            }
            index = end
        }
    }

    /// Seconds of frame `index`'s middle.
    package func time(_ index: Int) -> Double { Double(index) * hop + frameCentre }

    /// The pause whose end (where speech resumes) is nearest `time`, within `reach` seconds.
    package func speechStart(near time: Double, within reach: Double) -> Double? {
        pauses.filter { $0.upperBound < isSpeech.count }
            .map { self.time($0.upperBound) - hop / 2 }
            .filter { abs($0 - time) <= reach }
            .min { abs($0 - time) < abs($1 - time) }
    }

    /// The pause whose beginning (where speech stops) is nearest `time`, within `reach` seconds.
    package func speechEnd(near time: Double, within reach: Double) -> Double? {
        pauses.filter { $0.lowerBound > 0 }
            .map { self.time($0.lowerBound) - hop / 2 }
            .filter { abs($0 - time) <= reach }
            .min { abs($0 - time) < abs($1 - time) }
    }

    /// The pause that best fits the end of one line at about `end` and the start of the next at about `start`:
    /// its beginning within `reach` of the one and its end within `reach` of the other, the nearest in both taken
    /// together. Fitting both edges at once lets a boundary move further than either edge alone could safely: a
    /// pause between two sentences of a line rarely fits both.
    package func pause(between end: Double, and start: Double, within reach: Double) -> (start: Double, end: Double)? {
        var best: (start: Double, end: Double)?
        var bestMiss = Double.infinity
        for pause in pauses where pause.lowerBound > 0 && pause.upperBound < isSpeech.count {
            let silent = time(pause.lowerBound) - hop / 2, resumed = time(pause.upperBound) - hop / 2
            guard abs(silent - end) <= reach, abs(resumed - start) <= reach else { continue }
            let miss = abs(silent - end) + abs(resumed - start)
            if miss < bestMiss { (best, bestMiss) = ((silent, resumed), miss) }
        }
        return best
    }

    /// Whether any speech lies between two times.
    package func hasSpeech(from start: Double, to end: Double) -> Bool {
        let first = max(0, Int(((start - frameCentre) / hop).rounded(.down)))
        let last = min(isSpeech.count - 1, Int(((end - frameCentre) / hop).rounded(.up)))
        guard first <= last else { return false }
        return isSpeech[first...last].contains(true)
    }
}
