import Foundation
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackAudio

/// One speaker's voice alone: the others' spans silenced, with fades outside them.
@Suite struct VoiceSilencingTests {
    @Test func aSpanIsSilentThroughoutAndFadesOutsideIt() {
        let signal = AudioSignal(samples: Array(repeating: 0.5, count: 1000), sampleRate: 1000)
        let silenced = VoiceSilencing.silencing(signal, spans: [0.4...0.6]).samples
        #expect(silenced[..<370].allSatisfy { $0 == 0.5 })
        #expect(silenced[400...600].allSatisfy { $0 == 0 })
        #expect(silenced[630...].allSatisfy { $0 == 0.5 })
        // 30 ms down before the span and up after it, in even steps.
        #expect(silenced[385] == 0.25 && silenced[615] == 0.25)
        #expect(silenced[370..<400].map { $0 }.elementsEqual(silenced[370..<400].sorted(by: >)))
        // Spans closer than two fades share the dip between them; a span past the end is cut at the end.
        let both = VoiceSilencing.silencing(signal, spans: [0.1...0.2, 0.24...0.3, 0.99...5]).samples
        #expect(both[220] == 0.5 * 20 / 30)
        #expect(both[999] == 0)
    }

    /// The sample module's conversation with the applicant's lines silenced ("only Helen Clarke"), measured with sox
    /// line by line against the original decoded at the same rate: the applicant's lines at least 40 dB down, the
    /// manager's within 0.5 dB.
    @Test func onlyHelenLeavesTheApplicantSilentAndHelenAsSheWas() throws {
        _ = try #require(ExternalTool.find("sox"), "scripts/setup installs sox")
        _ = try #require(ExternalTool.find("ffmpeg"), "scripts/setup installs ffmpeg")
        let module = try ModuleLoader.load(folder: Paths.sampleModule).module
        let video = Paths.sampleModule + "/media/" + (module.video ?? "")
        let folder = TemporaryFolder()
        let original = folder.child("original.wav"), onlyHelen = folder.child("only-helen.wav")
        try AudioReader.read(video, sampleRate: VoiceSilencing.listeningRate).wav().write(to: URL(fileURLWithPath: original))
        let applicant = module.transcript.filter { $0.speaker == "applicant" }
        let manager = module.transcript.filter { $0.speaker == "manager" }
        try #require(!applicant.isEmpty && !manager.isEmpty)
        try VoiceSilencing.prepare(video, silencing: applicant.map { $0.start...$0.end }, to: onlyHelen)

        func rms(_ file: String, _ line: TranscriptLine) throws -> Double {
            try SoxMeasure.rms(file, from: line.start, to: line.end)
        }
        for line in applicant {
            let before = try rms(original, line), after = try rms(onlyHelen, line)
            try #require(before > 0.001, "\(line.id) is silent in the original: nothing to measure")
            let decibels = after == 0 ? -Double.infinity : 20 * log10(after / before)
            #expect(decibels <= -40, "\(line.id): \(decibels) dB")
        }
        for line in manager {
            let decibels = 20 * log10(try rms(onlyHelen, line) / rms(original, line))
            #expect(abs(decibels) <= 0.5, "\(line.id): \(decibels) dB")
        }
    }
}
