import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackAudio

@Suite struct IntonationScoring {
    private func contour(_ signal: AudioSignal) -> PitchContour { PitchTracker().contour(of: signal) }

    /// espeak-ng and sox, as scripts/setup installs them: real speech, and the same speech at another pitch.
    private func speech(_ text: String, in folder: TemporaryFolder, name: String, voice: String = "en-us",
                        shiftCents: Int? = nil) throws -> AudioSignal {
        let espeak = try #require(ExternalTool.find("espeak-ng"), "scripts/setup installs espeak-ng")
        let path = folder.child(name + ".wav")
        let spoken = try espeak.run(["-v", voice, "-w", path, text])
        try #require(spoken.status == 0, "espeak-ng: \(spoken.errorText)")
        guard let shiftCents else { return try AudioReader.read(path) }
        let sox = try #require(ExternalTool.find("sox"), "scripts/setup installs sox")
        let shifted = folder.child(name + "-shifted.wav")
        let result = try sox.run([path, shifted, "pitch", String(shiftCents)])
        try #require(result.status == 0, "sox: \(result.errorText)")
        return try AudioReader.read(shifted)
    }

    @Test func aReadingComparedWithItselfScores100() throws {
        let folder = TemporaryFolder()
        let model = contour(try speech("Could you tell me a little about yourself?", in: folder, name: "model"))
        let result = try #require(IntonationComparison.compare(model: model, learner: model, text: "Could you tell me a little about yourself?"))
        #expect(result.score == 100)
        #expect(result.meanDifference == 0)
        #expect(result.pace == .similar)
        #expect(result.timing == nil)
        #expect(result.feedback == "Your intonation follows the model closely.")
    }

    @Test func theSameMelodyHigherScoresAboveADifferentSentence() throws {
        let folder = TemporaryFolder()
        let text = "Could you tell me a little about yourself?"
        let model = contour(try speech(text, in: folder, name: "model"))
        let higher = contour(try speech(text, in: folder, name: "higher", shiftCents: 500))
        let other = contour(try speech("I worked for three years as a sales assistant.", in: folder, name: "other"))
        let same = try #require(IntonationComparison.compare(model: model, learner: higher, text: text))
        let different = try #require(IntonationComparison.compare(model: model, learner: other, text: text))
        #expect(same.score > different.score, "same melody \(same.score), other sentence \(different.score)")
        #expect(same.score >= 80, "\(same)")
        // The higher voice is compared by shape: its median is 5 semitones up, its melody the same.
        let medians = try #require(model.medianF0.flatMap { a in higher.medianF0.map { (a, $0) } })
        #expect(abs(12 * log2(medians.1 / medians.0) - 5) < 1)
    }

    @Test func aRisingReadingOfAFallingLineIsNamedAtItsWord() {
        // The model falls over its second half; the learner rises there. Each "word" is a quarter of the second.
        let falling = contour(tone(seconds: 1.2) { t in t < 0.6 ? 180 : 180 * pow(0.5, (t - 0.6) / 0.6) })
        let rising = contour(tone(seconds: 1.2) { t in t < 0.6 ? 180 : 180 * pow(2, (t - 0.6) / 0.6) })
        let result = IntonationComparison.compare(model: falling, learner: rising, text: "one two three four")
        #expect(result?.feedback.hasPrefix("Your voice rises at ‘") == true, "\(String(describing: result?.feedback))")
        #expect(result?.feedback.hasSuffix("; the model falls.") == true)
        #expect((result?.score ?? 100) < 70)
    }

    @Test func aReadingAtHalfSpeedIsTooSlowWithTheSameMelodyAligned() {
        let glide = { (t: Double) in 150 * pow(2, t) }
        let model = contour(tone(seconds: 1, frequency: glide))
        let slow = contour(tone(seconds: 2) { glide($0 / 2) })
        let result = IntonationComparison.compare(model: model, learner: slow)
        #expect(result?.pace == .tooSlow)
        #expect(result?.timing == "You speak more slowly than the model.")
        #expect((result?.score ?? 0) >= 90, "time-warped, the melody is the same: \(String(describing: result?.score))")
    }

    @Test func aPauseTheModelDoesNotMakeIsNamed() {
        let model = contour(tone(seconds: 1.2) { _ in 160 })
        let first = tone(seconds: 0.6) { _ in 160 }, pause = [Float](repeating: 0, count: 8000)
        let learner = contour(AudioSignal(samples: first.samples + pause + first.samples, sampleRate: 16_000))
        let result = IntonationComparison.compare(model: model, learner: learner, text: "good morning please sit down")
        #expect(result?.extraPauses.count == 1, "\(String(describing: result))")
        #expect(result?.timing?.contains("you pause after ‘") == true || result?.timing?.contains("You pause after ‘") == true)
    }

    @Test func aWordIsNamedOnceHoweverOftenThePausesFollowIt() {
        #expect(IntonationComparison.timingSentence(pace: .similar, pauses: ["me", "me", "Me", "job", "me"])
                == "You pause after ‘me’, ‘job’ where the model goes on.")
    }

    @Test func readingsOfVeryDifferentLengthsAreRefusedWithAReason() {
        let short = tone(seconds: 1) { _ in 160 }, long = tone(seconds: 5) { _ in 160 }
        #expect(IntonationComparison.of(model: short, learner: long, text: "").failureReason
                == "the recording is more than four times as long as the original")
        #expect(IntonationComparison.of(model: long, learner: short, text: "").failureReason
                == "the recording is less than a quarter as long as the original")
        let silence = AudioSignal(samples: [Float](repeating: 0, count: 16_000), sampleRate: 16_000)
        #expect(IntonationComparison.of(model: short, learner: silence, text: "").failureReason?
            .hasPrefix("no voice was heard") == true)
    }

    @Test func aMinuteAgainstFifteenSecondsAlignsInABand() {
        // The band keeps memory linear: 6000 × 1500 frames would be 9 million cells without it.
        let model = PitchContour(step: 0.01, start: 0, f0: (0..<6000).map { 150 + Double($0 % 100) })
        let learner = PitchContour(step: 0.01, start: 0, f0: (0..<1500).map { 150 + Double(($0 * 4) % 100) })
        let result = IntonationComparison.compare(model: model, learner: learner)
        #expect(result?.pace == .tooFast)
        #expect(IntonationComparison.compare(model: PitchContour(step: 0.01, start: 0, f0: [Double?](repeating: 150, count: 6001)),
                                             learner: model) == nil)
    }

    @Test func silenceCannotBeCompared() {
        let model = contour(tone(seconds: 1) { _ in 160 })
        let silence = contour(AudioSignal(samples: [Float](repeating: 0, count: 16_000), sampleRate: 16_000))
        #expect(IntonationComparison.compare(model: model, learner: silence) == nil)
    }

    @Test func theAlignmentRunsCornerToCornerAndNeverBack() {
        let alignment = ContourAlignment(modelCount: 50, learnerCount: 120) { i, j in abs(Double(i) / 50 - Double(j) / 120) }
        #expect(alignment.path.first! == (0, 0))
        #expect(alignment.path.last! == (49, 119))
        for (earlier, later) in zip(alignment.path, alignment.path.dropFirst()) {
            #expect(later.model - earlier.model >= 0 && later.model - earlier.model <= 1)
            #expect(later.learner - earlier.learner >= 0 && later.learner - earlier.learner <= 1)
            #expect(later.model + later.learner > earlier.model + earlier.learner)
        }
    }
}

@Suite struct SlowPlaybackAndPlots {
    @Test func halfSpeedDoublesTheLengthAndKeepsThePitch() {
        let original = tone(seconds: 1) { _ in 200 }
        let slow = TimeStretch.changed(original, speed: 0.5)
        #expect(abs(slow.duration - 2) < 0.1, "\(slow.duration) s")
        let f0 = PitchTracker().contour(of: slow).medianF0
        #expect(f0.map { cents($0, 200) < 30 } == true, "\(String(describing: f0))")
        #expect(TimeStretch.changed(original, speed: 1) == original)
    }

    @Test func aWAVFileReadsBackAsItWasWritten() throws {
        let folder = TemporaryFolder()
        let signal = tone(seconds: 0.25) { _ in 300 }
        let path = folder.child("x.wav")
        try WAVEncoding.data(signal).write(to: URL(fileURLWithPath: path))
        let read = try AudioReader.read(path)
        #expect(read.samples.count == signal.samples.count)
        #expect(zip(read.samples, signal.samples).allSatisfy { abs($0 - $1) < 0.0001 })
    }

    @Test func aPlotFitsItsCellsAndPutsALevelContourInTheMiddle() {
        let level = PitchContour(step: 0.01, start: 0, f0: [Double?](repeating: 150, count: 100))
        let lines = ContourPlot(width: 40, height: 2).strip(level, duration: 1)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count == 40 })
        #expect(lines.joined().unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) })
        // A level contour at its own median: the middle of 8 dot rows is the upper row's last dot line.
        #expect(lines[0].unicodeScalars.allSatisfy { $0.value & 0xC0 != 0 })
        #expect(lines[1] == String(repeating: "\u{2800}", count: 40))
        let empty = ContourPlot(width: 10, height: 1).strip(PitchContour(step: 0.01, start: 0, f0: [nil, nil]), duration: 1)
        #expect(empty == [String(repeating: "\u{2800}", count: 10)])
    }
}

extension Result where Failure == IntonationComparison.Failure {
    var failureReason: String? { if case .failure(let failure) = self { failure.description } else { nil } }
}
