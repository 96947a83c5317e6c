import Foundation
import LessonpackSystem
import Testing
@testable import LessonpackAudio

/// A harmonic tone (five partials, falling 1/k) whose frequency follows `frequency(t)`: voiced speech's simplest model.
func tone(seconds: Double, rate: Int = 16_000, amplitude: Float = 0.5, frequency: (Double) -> Double) -> AudioSignal {
    var phase = 0.0
    let samples = (0..<Int(seconds * Double(rate))).map { index -> Float in
        phase += frequency(Double(index) / Double(rate)) / Double(rate)
        var value = 0.0
        for k in 1...5 { value += sin(2 * .pi * Double(k) * phase) / Double(k) }
        return amplitude * Float(value / 2.3)
    }
    return AudioSignal(samples: samples, sampleRate: rate)
}

func cents(_ a: Double, _ b: Double) -> Double { abs(1200 * log2(a / b)) }

@Suite struct PitchTracking {
    @Test func aGlideIsTrackedWithinTwentyCents() {
        // 120 Hz to 360 Hz in 1.5 s, exponentially: a glide over an octave and a half, like a rising question.
        let frequency = { (t: Double) in 120 * pow(3, t / 1.5) }
        let contour = PitchTracker().contour(of: tone(seconds: 1.5, frequency: frequency))
        #expect(contour.count > 130)
        for index in 0..<contour.count {
            let time = contour.time(ofFrame: index)
            let f0 = try? #require(contour.f0[index], "frame at \(time) s is voiced")
            if let f0 { #expect(cents(f0, frequency(time)) <= 20, "at \(time) s: \(f0) Hz for \(frequency(time)) Hz") }
        }
    }

    @Test func steadyTonesAcrossTheRangeAreFound() {
        for hz in [80.0, 110, 220, 440, 580] {
            let contour = PitchTracker().contour(of: tone(seconds: 0.5) { _ in hz })
            let voiced = contour.f0.compactMap { $0 }
            #expect(voiced.count == contour.count, "\(hz) Hz: every frame voiced")
            #expect(voiced.allSatisfy { cents($0, hz) <= 10 }, "\(hz) Hz: \(voiced.prefix(5))")
        }
    }

    @Test func silenceAndNoiseAreUnvoiced() {
        let silence = AudioSignal(samples: [Float](repeating: 0, count: 16_000), sampleRate: 16_000)
        #expect(PitchTracker().contour(of: silence).voicedCount == 0)
        var generator = SystemRandomNumberGenerator()
        let noise = AudioSignal(samples: (0..<16_000).map { _ in Float.random(in: -0.3...0.3, using: &generator) },
                                sampleRate: 16_000)
        let contour = PitchTracker().contour(of: noise)
        #expect(Double(contour.voicedCount) / Double(contour.count) < 0.05, "white noise: \(contour.voicedCount) voiced")
    }

    @Test func quietSilenceAroundATonedIsUnvoiced() {
        let voiced = tone(seconds: 0.5) { _ in 200 }
        let gap = [Float](repeating: 0, count: 8000)
        let contour = PitchTracker().contour(of: AudioSignal(samples: gap + voiced.samples + gap, sampleRate: 16_000))
        let first = try? #require(contour.f0.firstIndex { $0 != nil })
        let last = try? #require(contour.f0.lastIndex { $0 != nil })
        if let first, let last {
            #expect(abs(contour.time(ofFrame: first) - 0.5) < 0.04)
            #expect(abs(contour.time(ofFrame: last) - 1.0) < 0.04)
        }
    }

    @Test func aSignalShorterThanOneFrameHasNoFrames() {
        #expect(PitchTracker().contour(of: AudioSignal(samples: [0.1, 0.2], sampleRate: 16_000)).f0.isEmpty)
    }
}
