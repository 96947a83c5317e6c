import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import Testing

/// A module's media manifest is untrusted: a duration no clock can show must not stop the player.
@Suite struct UntrustedNumbersTests {
    @Test func clocksShowWhatTheyCan() {
        #expect(Wording.clock(65.3) == "1:05")
        #expect(Wording.clock(1e300) == "6000:00")
        #expect(Wording.clock(.nan) == "0:00")
        #expect(Wording.clock(-5) == "0:00")
    }

    @Test func aVideoOfImpossibleLengthStillPlays() {
        var module = sample
        if let index = module.media.firstIndex(where: { $0.path == module.video }) { module.media[index].duration = 1e300 }
        let engine = VideoEngine(module: module, setup: NoSetup(), startedAt: start)
        #expect(engine.duration == 360_000)
        let view = VideoPresenter.view(of: engine, local: VideoPresenter.local(for: engine, context: PresentationContext(module: module)),
                                       context: PresentationContext(module: module), at: start)
        #expect(view.clock == "0:00 / 6000:00")
    }
}
