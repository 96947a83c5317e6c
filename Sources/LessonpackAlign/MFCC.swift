import CFFTW
import Foundation

/// Mel-frequency cepstral coefficients: the short-time spectrum's envelope on the ear's frequency scale, the
/// features a synthesised voice and a recorded one are compared by. Beside them, each frame's energy in the band
/// speech carries most of its power, which finding where speech starts and stops works on.
package struct MFCCFrames: Sendable {
    /// Frames one after another, `coefficientCount` each; c0 (the overall level) is left out, since two voices, or
    /// two rooms, differ in level more than in what is said.
    package var coefficients: [Float]
    package var coefficientCount: Int
    /// Each frame's energy in dB between 250 Hz and 4 kHz (above most rumble and hum, below most hiss).
    package var speechBandLevel: [Float]
    /// Each frame's energy in dB between 60 and 250 Hz: a voice's fundamental, where a word beginning with a
    /// voiced sound ("w", "l", "m") shows before any higher band does.
    package var voicingBandLevel: [Float] = []
    /// Seconds between frames.
    package var hop: Double

    package var count: Int { speechBandLevel.count }

    package func frame(_ index: Int) -> ArraySlice<Float> {
        coefficients[index * coefficientCount..<(index + 1) * coefficientCount]
    }

    /// Every coefficient less its mean over all frames, divided by its spread: what the channel (a microphone, a
    /// room, a voice's own timbre) adds to every frame alike is taken out.
    package mutating func normalise() {
        let width = coefficientCount
        guard count > 1 else { return }
        for c in 0..<width {
            var sum = 0.0, squares = 0.0
            for f in 0..<count {
                let value = Double(coefficients[f * width + c])
                sum += value
                squares += value * value
            }
            let mean = sum / Double(count)
            let spread = max(sqrt(max(squares / Double(count) - mean * mean, 0)), 1e-6)
            for f in 0..<count {
                coefficients[f * width + c] = Float((Double(coefficients[f * width + c]) - mean) / spread)
            }
        }
    }
}

/// Computes MFCCs with FFTW: 25 ms Hamming windows every 10 ms, 40 mel bands, 12 coefficients (c1…c12).
package struct MFCCAnalyzer: Sendable {
    package let sampleRate: Int
    package let windowLength: Int
    package let hopLength: Int
    package let fftSize: Int
    package let bandCount = 40
    package let coefficientCount = 12

    /// Each mel band's triangle: the first FFT bin it covers and the weights from there.
    private let bands: [(first: Int, weights: [Float])]
    /// DCT-II rows for c1…c12 over the bands' log energies.
    private let cosines: [Float]
    private let window: [Float]
    private let speechBins: Range<Int>
    private let voicingBins: Range<Int>
    /// For the voicing band's bins, what undoes the pre-emphasis, which takes 17 to 30 dB off them.
    private let voicingDeemphasis: [Float]

    package init(sampleRate: Int = 16_000, windowSeconds: Double = 0.025, hopSeconds: Double = 0.010) {
        self.sampleRate = sampleRate
        let windowLength = Int((windowSeconds * Double(sampleRate)).rounded())
        self.windowLength = windowLength
        hopLength = Int((hopSeconds * Double(sampleRate)).rounded())
        var size = 1
        while size < windowLength { size *= 2 }
        fftSize = size
        window = (0..<windowLength).map { Float(0.54 - 0.46 * cos(2 * Double.pi * Double($0) / Double(windowLength - 1))) }

        let bandCount = self.bandCount, coefficientCount = self.coefficientCount
        let low = Self.mel(60), high = Self.mel(min(7600, Double(sampleRate) / 2))
        let edges = (0...bandCount + 1).map { Self.hertz(low + (high - low) * Double($0) / Double(bandCount + 1)) }
        let binHertz = Double(sampleRate) / Double(size)
        var triangles: [(Int, [Float])] = []
        for band in 0..<bandCount {
            let (left, centre, right) = (edges[band], edges[band + 1], edges[band + 2])
            let first = Int((left / binHertz).rounded(.up))
            let last = min(Int((right / binHertz).rounded(.down)), size / 2)
            var weights: [Float] = []
            if first <= last {
                for bin in first...last {
                    let f = Double(bin) * binHertz
                    weights.append(Float(f <= centre ? (f - left) / (centre - left) : (right - f) / (right - centre)))
                }
            }
            triangles.append((first, weights.isEmpty ? [0] : weights))
        }
        bands = triangles
        var cosines: [Float] = []
        for c in 1...coefficientCount {
            for band in 0..<bandCount {
                cosines.append(Float(cos(Double.pi * Double(c) * (Double(band) + 0.5) / Double(bandCount))))
            }
        }
        self.cosines = cosines
        speechBins = Int(250 / binHertz)..<min(Int(4000 / binHertz) + 1, size / 2 + 1)
        voicingBins = Int((60 / binHertz).rounded(.up))..<Int(250 / binHertz)
        voicingDeemphasis = voicingBins.map { bin in
            let w = 2 * Double.pi * Double(bin) / Double(size)
            return Float(1 / (1 - 2 * 0.97 * cos(w) + 0.97 * 0.97))
        }
    }

    private static func mel(_ hertz: Double) -> Double { 2595 * log10(1 + hertz / 700) }
    private static func hertz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }

    /// One frame per hop whose window fits in `samples` (none for fewer samples than a window).
    package func analyze(_ samples: [Float]) -> MFCCFrames {
        let frameCount = samples.count < windowLength ? 0 : (samples.count - windowLength) / hopLength + 1
        var coefficients = [Float](repeating: 0, count: frameCount * coefficientCount)
        var levels = [Float](repeating: 0, count: frameCount)
        var voicing = [Float](repeating: 0, count: frameCount)
        guard frameCount > 0 else {
            return MFCCFrames(coefficients: [], coefficientCount: coefficientCount, speechBandLevel: [],
                              hop: Double(hopLength) / Double(sampleRate))
        }
        let plan = FFTPlan.realForward(size: fftSize)
        let input = fftwf_alloc_real(fftSize)!
        let output = fftwf_alloc_complex(fftSize / 2 + 1)!
        defer {
            fftwf_free(input)
            fftwf_free(output)
        }
        var power = [Float](repeating: 0, count: fftSize / 2 + 1)
        var logBands = [Float](repeating: 0, count: bandCount)
        samples.withUnsafeBufferPointer { samples in
            for frame in 0..<frameCount {
                let start = frame * hopLength
                // Pre-emphasis (the first difference) flattens speech's falling spectrum, so the upper formants count.
                for n in 0..<windowLength {
                    let previous = start + n > 0 ? samples[start + n - 1] : 0
                    input[n] = (samples[start + n] - 0.97 * previous) * window[n]
                }
                for n in windowLength..<fftSize { input[n] = 0 }
                plan.execute(input, output)
                var speech: Float = 0
                for bin in 0..<power.count {
                    let (re, im) = (output[bin].0, output[bin].1)
                    power[bin] = re * re + im * im
                }
                for bin in speechBins { speech += power[bin] }
                levels[frame] = 10 * log10(speech + 1e-9)
                var low: Float = 0
                for (offset, bin) in voicingBins.enumerated() { low += power[bin] * voicingDeemphasis[offset] }
                voicing[frame] = 10 * log10(low + 1e-9)
                for (index, band) in bands.enumerated() {
                    var sum: Float = 0
                    for (offset, weight) in band.weights.enumerated() where band.first + offset < power.count {
                        sum += weight * power[band.first + offset]
                    }
                    logBands[index] = log(sum + 1e-8)
                }
                for c in 0..<coefficientCount {
                    var sum: Float = 0
                    for band in 0..<bandCount { sum += cosines[c * bandCount + band] * logBands[band] }
                    coefficients[frame * coefficientCount + c] = sum
                }
            }
        }
        return MFCCFrames(coefficients: coefficients, coefficientCount: coefficientCount, speechBandLevel: levels,
                          voicingBandLevel: voicing, hop: Double(hopLength) / Double(sampleRate))
    }
}

/// An FFTW plan, made once per size and kept: planning is FFTW's one call that is not thread-safe, so it happens
/// under a lock; executing a plan on arrays of one's own (fftwf_execute_dft_r2c) may happen on any thread at once.
final class FFTPlan: @unchecked Sendable {
    private let plan: fftwf_plan
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [Int: FFTPlan] = [:]

    private init(plan: fftwf_plan) { self.plan = plan }

    static func realForward(size: Int) -> FFTPlan {
        lock.lock()
        defer { lock.unlock() }
        if let plan = made[size] { return plan }
        let input = fftwf_alloc_real(size)!
        let output = fftwf_alloc_complex(size / 2 + 1)!
        defer {
            fftwf_free(input)
            fftwf_free(output)
        }
        // FFTW_ESTIMATE: planning by measurement would take longer than the analysis it speeds up.
        let plan = FFTPlan(plan: fftwf_plan_dft_r2c_1d(Int32(size), input, output, UInt32(FFTW_ESTIMATE))!)
        made[size] = plan
        return plan
    }

    /// Arrays from fftwf_alloc_*, which have the alignment the plan was made for.
    func execute(_ input: UnsafeMutablePointer<Float>, _ output: UnsafeMutablePointer<fftwf_complex>) {
        fftwf_execute_dft_r2c(plan, input, output)
    }
}
