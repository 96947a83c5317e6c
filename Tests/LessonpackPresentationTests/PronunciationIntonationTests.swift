import Foundation
import LessonpackActivities
import Testing
@testable import LessonpackPresentation
@testable import LessonpackCore

/// What the pronunciation view says of a recording's intonation, before, during and after it is measured.
@Suite struct PronunciationIntonationView {
    private func view(_ engine: PronunciationEngine, analysing: Set<String> = []) -> PronunciationPresenter.View {
        PronunciationPresenter.view(of: engine, local: PronunciationPresenter.Local(),
                                    context: PresentationContext(module: sample, analysing: analysing), at: start)
    }

    @Test func measuringThenTheResultThenAFailure() {
        var engine = dealt(PronunciationEngine.self)
        #expect(view(engine).intonationStatus == nil, "nothing recorded, nothing to measure")
        _ = engine.apply(.record(line: "l01"), at: start)
        _ = engine.apply(.recorded(line: "l01", file: "/tmp/a.wav"), at: start)
        #expect(view(engine, analysing: ["l01"]).intonationStatus == "Measuring your intonation…")
        // A session that ended before the measurement did says nothing rather than "measuring" for ever.
        #expect(view(engine).intonationStatus == nil)
        let result = IntonationResult(score: 81, feedback: "Your intonation follows the model closely.", timing: nil,
                                      step: 0.01, model: [100, 110], learner: [200, 220])
        _ = engine.apply(.analysed(line: "l01", recording: "/tmp/a.wav", result: result), at: start)
        #expect(view(engine).intonation == result)
        #expect(view(engine).intonationStatus == nil)
        _ = engine.apply(.recorded(line: "l01", file: "/tmp/b.wav"), at: start)
        _ = engine.apply(.analysisFailed(line: "l01", recording: "/tmp/b.wav", reason: "no voice was heard"), at: start)
        #expect(view(engine).intonation == nil)
        #expect(view(engine).intonationStatus == "No intonation feedback: no voice was heard")
    }

    @Test func slowerPlaybackIsOfferedAtTwoSpeeds() {
        let engine = dealt(PronunciationEngine.self)
        var local = PronunciationPresenter.Local()
        let context = PresentationContext(module: sample)
        let slower = PronunciationPresenter.reduce(.hearSlowly(0.75), engine: engine, local: &local, context: context, at: start)
        #expect(slower.actions == [.hearSlowly(line: "l01", speed: 0.75)])
        #expect(slower.message?.text == "Playing the original at 0.75× speed.")
        let wrong = PronunciationPresenter.reduce(.hearSlowly(3), engine: engine, local: &local, context: context, at: start)
        #expect(wrong.actions.isEmpty && wrong.message?.tone == .bad)
    }
}
