import Foundation
import Testing
@testable import LessonpackActivities

@Suite struct VideoEngineTests {
    @Test func playPauseSeekAndRewindKeepTime() {
        var video = VideoEngine(module: sample, at: start)
        #expect(video.duration == 107.1)
        #expect(video.position(at: later(10)) == 0)
        video.play(at: later(0))
        #expect(video.position(at: later(3)) == 3)
        video.pause(at: later(4))
        #expect(video.position(at: later(100)) == 4)
        video.seek(to: 60, at: later(100))
        video.rewind(by: 5, at: later(100))
        #expect(video.position(at: later(101)) == 55)
        video.forward(by: 500, at: later(101))
        #expect(video.position(at: later(101)) == video.duration)
        video.seek(to: -3, at: later(102))
        #expect(video.position(at: later(102)) == 0)
    }

    @Test func playbackStopsAtTheEndAndStartsAgain() {
        var video = VideoEngine(module: sample, at: start)
        video.play(at: start)
        #expect(video.hasEnded(at: later(200)))
        #expect(video.position(at: later(200)) == video.duration)
        video.play(at: later(200))
        #expect(video.position(at: later(201)) == 1)
    }

    @Test func theSubtitleFollowsTheTranscriptTimings() {
        var video = VideoEngine(module: sample, at: start)
        let second = sample.transcript[1]
        #expect(video.line(atSecond: second.start)?.id == "l02")
        #expect(video.line(atSecond: (second.start + second.end) / 2)?.id == "l02")
        #expect(video.line(atSecond: second.end) == nil)           // the pause between lines
        #expect(video.line(atSecond: 0.1) == nil)                  // before the first line
        #expect(video.line(atSecond: sample.transcript[20].start + 0.01)?.id == "l21")
        video.seek(to: second.start + 0.5, at: start)
        #expect(video.subtitle(at: start)?.text == second.text)
        video.toggleSubtitles()
        #expect(video.subtitle(at: start) == nil)
        #expect(!video.subtitlesOn)
    }

    @Test func replayJumpsToALine() {
        var video = VideoEngine(module: sample, at: start)
        video.replay(line: "l10", at: later(5))
        #expect(video.isPlaying)
        #expect(video.position(at: later(5)) == sample.transcript[9].start)
        let result = video.result(at: later(20))
        #expect(result.activity == .video)
        #expect(result.duration == 20)
        #expect(result.details["subtitles"] == "on")
    }
}
