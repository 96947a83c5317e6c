import Foundation
import LessonpackModel
import Testing
@testable import LessonpackActivities

@Suite struct VideoEngineTests {
    @Test func playPauseSeekKeepTime() {
        var video = dealt(VideoEngine.self)
        #expect(video.duration == 107.1)
        #expect(video.position(at: later(10)) == 0)
        video.run(.play, at: later(0))
        #expect(video.position(at: later(3)) == 3)
        video.run(.pause, at: later(4))
        #expect(video.position(at: later(100)) == 4)
        video.run(.seek(to: 55), at: later(100))
        #expect(video.position(at: later(101)) == 55)
        video.run(.seek(to: 600), at: later(101))
        #expect(video.position(at: later(101)) == video.duration)
        video.run(.seek(to: -3), at: later(102))
        #expect(video.position(at: later(102)) == 0)
    }

    @Test func playbackStopsAtTheEndAndStartsAgain() {
        var video = dealt(VideoEngine.self)
        video.run(.play)
        #expect(video.hasEnded(at: later(200)))
        #expect(video.position(at: later(200)) == video.duration)
        video.run(.play, at: later(200))
        #expect(video.position(at: later(201)) == 1)
    }

    @Test func soundFollowsTheClock() {
        var video = dealt(VideoEngine.self)
        #expect(video.apply(.play, at: start) == [.play(media: sample.video!, from: 0)])
        #expect(video.apply(.seek(to: 30), at: later(1)) == [.play(media: sample.video!, from: 30)])
        #expect(video.apply(.pause, at: later(2)) == [.stopSound])
        #expect(video.apply(.setSubtitles(on: false), at: later(2)).isEmpty)
    }

    @Test func theSubtitleFollowsTheTranscriptTimings() {
        var video = dealt(VideoEngine.self)
        let second = sample.transcript[1]
        #expect(video.line(atSecond: second.start)?.id == "l02")
        #expect(video.line(atSecond: (second.start + second.end) / 2)?.id == "l02")
        #expect(video.line(atSecond: second.end) == nil)           // the pause between lines
        #expect(video.line(atSecond: 0.1) == nil)                  // before the first line
        #expect(video.line(atSecond: sample.transcript[20].start + 0.01)?.id == "l21")
        video.run(.seek(to: second.start + 0.5))
        #expect(video.subtitle(at: start)?.text == second.text)
        video.run(.setSubtitles(on: false))
        #expect(video.subtitle(at: start) == nil)
        #expect(!video.subtitlesOn)
    }

    @Test func oneSpeakersSubtitlesShowThatSpeakersLinesAlone() {
        var video = dealt(VideoEngine.self)
        let (first, second) = (sample.transcript[0], sample.transcript[1])
        #expect(first.speaker != second.speaker)
        video.run(.chooseSubtitles(.speaker(first.speaker)))
        #expect(video.subtitles == .speaker(first.speaker))
        #expect(video.subtitlesOn)
        video.run(.seek(to: first.start + 0.5))
        #expect(video.subtitle(at: start)?.id == first.id)
        video.run(.seek(to: second.start + 0.5))
        #expect(video.subtitle(at: start) == nil)
        #expect(video.line(atSecond: second.start + 0.5)?.id == second.id)
        // A speaker the module does not have (a choice stored for another version of it) changes nothing.
        #expect(video.apply(.chooseSubtitles(.speaker("nobody")), at: start).isEmpty)
        #expect(video.subtitles == .speaker(first.speaker))
        video.run(.setSubtitles(on: true))
        #expect(video.subtitle(at: start)?.id == second.id)
        #expect(VideoEngine.Action.chooseSubtitles(.off).storedName == "chooseSubtitles")
    }

    @Test func oneSpeakersVoicePlaysWithTheOthersLinesSilenced() {
        var video = dealt(VideoEngine.self)
        let applicant = sample.transcript.filter { $0.speaker == "applicant" }.map { SoundSpan(start: $0.start, end: $0.end) }
        // Paused, the choice is kept and nothing plays.
        #expect(video.apply(.chooseVoices(.only("manager")), at: start) == [.stopSound])
        #expect(video.apply(.play, at: start) == [.playSilencing(media: sample.video!, from: 0, silenced: applicant)])
        #expect(video.apply(.seek(to: 30), at: later(1)) == [.playSilencing(media: sample.video!, from: 30, silenced: applicant)])
        #expect(video.apply(.chooseVoices(.without("manager")), at: later(2))
            == [.playSilencing(media: sample.video!, from: 31, silenced: sample.transcript.filter { $0.speaker == "manager" }
                .map { SoundSpan(start: $0.start, end: $0.end) })])
        // A speaker the module does not have changes nothing.
        #expect(video.apply(.chooseVoices(.only("nobody")), at: later(2)).isEmpty)
        #expect(video.voices == .without("manager"))
        #expect(video.apply(.chooseVoices(.everyone), at: later(3)) == [.play(media: sample.video!, from: 32)])
        #expect(VideoEngine.Action.chooseVoices(.everyone).storedName == "chooseVoices")
    }

    @Test func subtitleChoicesAreKeptAsSettingWords() {
        for choice in [SubtitleChoice.off, .everyone, .speaker("manager"), .speaker("a:b")] {
            #expect(SubtitleChoice(setting: choice.setting) == choice)
        }
        #expect(SubtitleChoice(setting: "speaker:") == nil)
        #expect(SubtitleChoice(setting: "on") == nil)
    }

    @Test func replayJumpsToALine() {
        var video = dealt(VideoEngine.self)
        video.run(.replayLine(line: "l10"), at: later(5))
        #expect(video.isPlaying)
        #expect(video.position(at: later(5)) == sample.transcript[9].start)
        let result = video.result(at: later(20))
        #expect(result.activity == .video)
        #expect(result.duration == 20)
        #expect(result.details == .video(watchedSeconds: sample.transcript[9].start + 15, durationSeconds: 107.1,
                                         subtitlesOn: true))
    }
}
