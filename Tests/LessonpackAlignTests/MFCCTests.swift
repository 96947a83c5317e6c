import Foundation
import Testing
@testable import LessonpackAlign

@Suite struct MFCCTests {
    static func tone(_ frequency: Double, seconds: Double, rate: Int = 16_000, amplitude: Float = 0.5) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / Double(rate))) }
    }

    @Test func aSteadyToneGivesTheSameCoefficientsEveryFrame() {
        let frames = MFCCAnalyzer().analyze(Self.tone(1000, seconds: 1))
        // 16 000 samples, 400-sample windows every 160: (16000 - 400) / 160 + 1.
        #expect(frames.count == 98)
        #expect(frames.coefficientCount == 12)
        // Frames away from the start (whose pre-emphasis has no sample before it), 10 cycles a hop apart.
        let first = Array(frames.frame(10)), middle = Array(frames.frame(50))
        for (a, b) in zip(first, middle) { #expect(abs(a - b) < 0.01 * max(1, abs(a))) }
    }

    @Test func differentTonesHaveDifferentEnvelopes() {
        let analyzer = MFCCAnalyzer()
        let low = Array(analyzer.analyze(Self.tone(300, seconds: 0.2)).frame(3))
        let high = Array(analyzer.analyze(Self.tone(3000, seconds: 0.2)).frame(3))
        let distance = zip(low, high).reduce(Float(0)) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        #expect(distance > 10)
        // c1 measures the spectrum's tilt: positive when the energy is low, negative when it is high.
        #expect(low[0] > high[0])
    }

    @Test func theSpeechBandLevelIgnoresRumble() {
        let analyzer = MFCCAnalyzer()
        let rumble = analyzer.analyze(Self.tone(80, seconds: 0.2)).speechBandLevel[5]
        let voice = analyzer.analyze(Self.tone(1000, seconds: 0.2)).speechBandLevel[5]
        #expect(voice - rumble > 30)
    }

    @Test func normalisingLeavesEveryCoefficientWithMeanZeroAndSpreadOne() {
        var frames = MFCCAnalyzer().analyze(Self.tone(500, seconds: 0.3) + Self.tone(2000, seconds: 0.3))
        frames.normalise()
        for c in 0..<frames.coefficientCount {
            let values = (0..<frames.count).map { Double(frames.coefficients[$0 * frames.coefficientCount + c]) }
            let mean = values.reduce(0, +) / Double(values.count)
            let spread = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
            #expect(abs(mean) < 1e-3)
            #expect(abs(spread - 1) < 1e-2)
        }
    }

    @Test func tooShortForAWindowGivesNoFrames() {
        #expect(MFCCAnalyzer().analyze([Float](repeating: 0, count: 100)).count == 0)
    }
}
