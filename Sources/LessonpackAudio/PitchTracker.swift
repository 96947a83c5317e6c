import Foundation

/// Tracks F0 with YIN (A. de Cheveigné and H. Kawahara, "YIN, a fundamental frequency estimator for speech and
/// music", J. Acoust. Soc. Am. 111(4), 2002): per frame, the difference function (the paper's step 2), its cumulative
/// mean normalised form d′ (step 3), and every dip of d′ refined by parabolic interpolation (step 5). Where the paper
/// takes the first dip under a threshold (step 4) and looks around for a better one (step 6), the dips here are
/// candidates for a path chosen over the whole utterance by dynamic programming, with the costs of P. Boersma's
/// pitch path finder ("Accurate short-term analysis of the fundamental frequency and the harmonics-to-noise ratio of a
/// sampled sound", Proc. Institute of Phonetic Sciences 17, 1993): a voiced frame costs its d′, an unvoiced one more
/// the louder the frame, a jump costs in octaves, and turning voicing on or off costs a little. That is what keeps
/// octave errors and one-frame blips out of a contour, as Praat's does.
package struct PitchTracker: Sendable {
    package var minimumF0 = 75.0
    package var maximumF0 = 600.0
    /// Seconds between frames.
    package var step = 0.01
    /// A frame is voiced when its best d′ is under about 1 − this (Praat's voicing threshold, on its own scale).
    package var voicingThreshold = 0.45
    /// Frames whose peak is below this share of the loudest peak count as silence (Praat's silence threshold).
    package var silenceThreshold = 0.03
    /// Cost of a jump of one octave between consecutive voiced frames.
    package var octaveJumpCost = 0.35
    /// Cost of turning voicing on or off.
    package var voicingChangeCost = 0.14
    /// Favours the higher of two equally good candidates a little, per octave (against halving errors).
    package var octaveCost = 0.01
    /// Dips of d′ under this count as equally good, as in YIN's absolute threshold (step 4), which takes the
    /// shortest such lag: a period's multiples dip nearly as low, and sampling can make a multiple dip lower.
    package var absoluteThreshold = 0.2

    package init() {}

    private struct Candidate {
        var f0: Double?  // nil: unvoiced
        var cost: Double
    }

    package func contour(of signal: AudioSignal) -> PitchContour {
        let rate = Double(signal.sampleRate)
        let shortestLag = max(2, Int((rate / maximumF0).rounded(.down)))
        let longestLag = Int((rate / minimumF0).rounded(.up))
        let window = 2 * longestLag
        let span = window + longestLag + 1
        let hop = max(1, Int((step * rate).rounded()))
        let samples = signal.samples
        guard samples.count >= span else {
            return PitchContour(step: Double(hop) / rate, start: 0, f0: [])
        }
        let frameCount = (samples.count - span) / hop + 1
        let globalPeak = samples.reduce(Float(0)) { max($0, abs($1)) }

        var difference = [Double](repeating: 0, count: longestLag + 2)
        var normalised = [Double](repeating: 1, count: longestLag + 2)
        var frames: [[Candidate]] = []
        frames.reserveCapacity(frameCount)
        samples.withUnsafeBufferPointer { all in
            for frame in 0..<frameCount {
                let begin = frame * hop
                let segment = UnsafeBufferPointer(rebasing: all[begin..<(begin + span)])
                Self.differenceFunction(segment, window: window, longestLag: longestLag + 1, into: &difference)
                Self.normalise(difference, longestLag: longestLag + 1, into: &normalised)
                var localPeak: Float = 0
                for sample in segment[0..<(window + longestLag)] { localPeak = max(localPeak, abs(sample)) }
                frames.append(candidates(normalised, lags: shortestLag...longestLag, rate: rate,
                                         loudness: globalPeak > 0 ? Double(localPeak / globalPeak) : 0))
            }
        }
        let path = cheapestPath(through: frames)
        let start = (Double(window + longestLag) / 2) / rate
        return PitchContour(step: Double(hop) / rate, start: start, f0: path)
    }

    /// d(τ) = Σ (x[j] − x[j + τ])² over the window, for τ = 0 … longestLag: the tracker's inner loop, sixteen
    /// samples at a time.
    private static func differenceFunction(_ x: UnsafeBufferPointer<Float>, window: Int, longestLag: Int,
                                           into d: inout [Double]) {
        guard let base = x.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let stride = MemoryLayout<Float>.stride
        let whole = window / 16 * 16
        d[0] = 0
        for lag in 1...longestLag {
            var sums = SIMD16<Float>()
            var j = 0
            while j < whole {
                let delta = raw.loadUnaligned(fromByteOffset: j * stride, as: SIMD16<Float>.self)
                    - raw.loadUnaligned(fromByteOffset: (j + lag) * stride, as: SIMD16<Float>.self)
                sums += delta * delta
                j += 16
            }
            var sum = sums.sum()
            while j < window {
                let delta = base[j] - base[j + lag]
                sum += delta * delta
                j += 1
            }
            d[lag] = Double(sum)
        }
    }

    /// d′(τ) = d(τ) / ((1/τ) Σ_{k≤τ} d(k)), with d′(0) = 1: dips toward 0 at the period and its multiples.
    private static func normalise(_ d: [Double], longestLag: Int, into result: inout [Double]) {
        result[0] = 1
        var running = 0.0
        for lag in 1...longestLag {
            running += d[lag]
            result[lag] = running > 0 ? d[lag] * Double(lag) / running : 1
        }
    }

    private func candidates(_ normalised: [Double], lags: ClosedRange<Int>, rate: Double, loudness: Double) -> [Candidate] {
        // Unvoiced: cheap in a quiet frame, dearer the louder it is (Boersma's formula, in d′'s terms).
        let unvoicedStrength = voicingThreshold + max(0, 2 - loudness / (silenceThreshold / (1 + voicingThreshold)))
        var found = [Candidate(f0: nil, cost: 1 - unvoicedStrength)]
        var dips: [(f0: Double, value: Double)] = []
        for lag in lags where normalised[lag] < 0.6 && normalised[lag] <= normalised[lag - 1] && normalised[lag] < normalised[lag + 1] {
            // Parabolic interpolation through the dip and its neighbours, for a lag between samples.
            let before = normalised[lag - 1], here = normalised[lag], after = normalised[lag + 1]
            let curvature = before - 2 * here + after
            let shift = curvature > 0 ? 0.5 * (before - after) / curvature : 0
            let value = curvature > 0 ? here - 0.25 * (before - after) * shift : here
            let f0 = rate / (Double(lag) + shift)
            guard f0 >= minimumF0, f0 <= maximumF0 else { continue }
            dips.append((f0, max(0, value)))
        }
        // The cheapest few, by the cost the path will pay: a period's multiples dip as low as the period itself,
        // and ranking by depth alone could leave the period out.
        let costed = dips.map { Candidate(f0: $0.f0, cost: max($0.value, absoluteThreshold) - octaveCost * log2($0.f0 / minimumF0)) }
        found += costed.sorted { $0.cost < $1.cost }.prefix(4)
        return found
    }

    /// Viterbi over the frames' candidates: the sequence with the least total of local and transition costs.
    private func cheapestPath(through frames: [[Candidate]]) -> [Double?] {
        guard !frames.isEmpty else { return [] }
        var totals = frames[0].map(\.cost)
        var back: [[Int]] = [Array(repeating: 0, count: frames[0].count)]
        for index in 1..<frames.count {
            let previous = frames[index - 1], current = frames[index]
            var next = [Double](repeating: .infinity, count: current.count)
            var from = [Int](repeating: 0, count: current.count)
            for (c, candidate) in current.enumerated() {
                for (p, earlier) in previous.enumerated() {
                    let total = totals[p] + transition(from: earlier.f0, to: candidate.f0)
                    if total < next[c] { next[c] = total; from[c] = p }
                }
                next[c] += candidate.cost
            }
            totals = next
            back.append(from)
        }
        var choice = totals.indices.min { totals[$0] < totals[$1] } ?? 0
        var path = [Double?](repeating: nil, count: frames.count)
        for index in stride(from: frames.count - 1, through: 0, by: -1) {
            path[index] = frames[index][choice].f0
            choice = back[index][choice]
        }
        return path
    }

    private func transition(from earlier: Double?, to later: Double?) -> Double {
        switch (earlier, later) {
        case (nil, nil): 0
        case (nil, _), (_, nil): voicingChangeCost
        case let (a?, b?): octaveJumpCost * abs(log2(a / b))
        }
    }
}
