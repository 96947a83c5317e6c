import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import Testing

/// Each presenter played through a short script, with no terminal: what the learner is told and shown at each step
/// is compared with a golden file under Golden/, which a reviewer reads like a transcript. Every kind the registry
/// lists is played: a new one fails here until it has a script.
@Suite struct PresenterGoldenTests {
    @Test(arguments: ActivityRegistry.all.map(\.kind)) func playsItsScript(_ kind: ActivityKind) throws {
        guard let script = Self.scripts[kind] else {
            Issue.record("\(kind.rawValue): no presenter script; write one here, with its golden Golden/\(kind.rawValue).json")
            return
        }
        try script(self)()
    }

    /// The language the scripts are played in: English writes Golden/KIND.json, another Golden/KIND.LANGUAGE.json.
    var language: UILanguage = .en

    /// The same scripts in Japanese: every sentence from the Japanese catalogue, the lesson's words still English.
    @Test(arguments: ActivityRegistry.all.map(\.kind).filter { $0 != .dictation })
    func playsItsScriptInJapanese(_ kind: ActivityKind) throws {
        var tests = PresenterGoldenTests()
        tests.language = .ja
        let script = try #require(Self.scripts[kind])
        try script(tests)()
    }

    var context: PresentationContext {
        PresentationContext(module: sample, settings: LearnerSettings(language: language))
    }

    func golden(_ name: String) -> String { language == .en ? name : name + "." + language.rawValue }

    /// Each kind's script, which writes the golden named after the kind.
    static var scripts: [ActivityKind: (PresenterGoldenTests) -> () throws -> Void] {
        typealias Scripts = PresenterGoldenTests
        return [.video: Scripts.video, .videoTask: Scripts.videoTask, .vocabulary: Scripts.vocabulary,
                .audioGame: Scripts.audioGame, .pronunciation: Scripts.pronunciation, .questions: Scripts.questions,
                .dictionary: Scripts.dictionary, .test: Scripts.test,
                .dictation: { _ in DictationPresenterTests().golden }]
    }

    func video() throws {
        var script = PresenterScript<VideoPresenter>(dealt(VideoEngine.self), context: context)
        script.show("at the start")
        script.send(.togglePlay)
        script.wait(5)
        script.show("five seconds in")
        script.send(.toggleSubtitles, showing: false)
        script.send(.moveCursor(3))
        script.send(.replayLine(nil))
        script.send(.replayLine(40))
        script.send(.pause)
        script.context.settings.listeningFirst = true
        script.show("listening first, subtitles off: no transcript")
        script.context.settings.listeningFirst = false
        // One speaker's subtitles: the manager's (the first speaker) while the applicant speaks shows none, and the
        // manager's next line is the one to come.
        script.send(.subtitlesFor(speaker: 0), showing: true)
        script.send(.seek(sample.transcript[1].start + 0.1), showing: true)
        script.send(.nextSubtitles, showing: true)
        script.send(.subtitlesFor(speaker: 5))
        // "On" keeps one speaker's subtitles; the next choice after the last speaker's is none, then everyone's.
        script.send(.setSubtitles(true))
        script.send(.nextSubtitles)
        script.send(.nextSubtitles, showing: true)
        // One speaker's voice: playing, the sound plays on with the other speaker's lines silenced.
        script.send(.play)
        script.send(.hearOnly(speaker: 0), showing: true)
        script.send(.nextVoices)
        script.send(.hearWithout(speaker: 7))
        script.send(.hearEveryone, showing: true)
        try script.matchesGolden(golden("video"))
    }

    /// A role play as David Moore (the applicant): the video plays Helen's first line and stops before David's; the
    /// learner says it (recorded), and the conversation goes on from the end of their line; a line passed to the
    /// video is heard from its start; at the end every line of theirs shows its intonation, and they hear the
    /// conversation with their own lines in it.
    @Test(arguments: [UILanguage.en, .ja]) func videoRolePlay(_ language: UILanguage) throws {
        var tests = PresenterGoldenTests()
        tests.language = language
        var script = PresenterScript<VideoPresenter>(dealt(VideoEngine.self), context: tests.context)
        script.send(.sayLine)
        script.send(.playPart(speaker: 1), showing: true)
        script.wait(2)
        script.show("Helen speaks: the first line of David's is the one to say")
        script.wait(3)
        script.show("the video has stopped before David's line")
        script.send(.seek(30))
        script.send(.togglePlay)
        script.send(.sayLine)
        script.context.recording = RecordingProgress(line: "l02", startedAt: script.now, seconds: 7.4)
        script.wait(2)
        script.show("recording, with its countdown")
        script.send(.sayLine)
        script.context.recording = nil
        script.outcome(.recorded(line: "l02", file: "/recordings/l02-role-play.wav"))
        script.context.analysing = ["l02"]
        script.show("on from the end of David's line to his next")
        script.context.analysing = []
        script.outcome(.analysed(line: "l02", recording: "/recordings/l02-role-play.wav", result: IntonationResult(
            score: 81, feedback: "Your voice rises and falls like the original's.", timing: nil, step: 0.01, model: [], learner: [])))
        script.wait(10)
        script.send(.sayLine)
        script.outcome(.recordingFailed(line: "l04", reason: "no sound device was found: recording is off"))
        script.show("a failed recording says why, and the video still waits")
        script.send(.skipLine, showing: true)
        // The rest said, one after the other.
        while let line = script.engine.awaitedLine {
            script.wait(20)
            script.send(.sayLine)
            script.outcome(.recorded(line: line.id, file: "/recordings/\(line.id)-role-play.wav"))
        }
        script.show("every line of David's done")
        script.send(.hearYours)
        #expect(script.engine.result(at: script.now).items.filter { $0.outcome == .done }.count == 9)
        // Helen next, then no role play, then nothing to stop.
        script.send(.nextPart)
        script.send(.nextPart, showing: true)
        script.send(.stopRolePlay)
        script.send(.hearYours)
        try script.matchesGolden(tests.golden("video-role-play"))
    }

    /// An author can switch role play off, and a conversation of one speaker has none.
    @Test func rolePlayIsOffWhereTheModuleSaysSoOrHasOneSpeaker() throws {
        var off = sample
        off.rolePlay = false
        var script = PresenterScript<VideoPresenter>(VideoEngine(module: off, setup: NoSetup(), startedAt: start),
                                                     context: PresentationContext(module: off))
        #expect(!script.view.canRolePlay)
        let reaction = script.send(.playPart(speaker: 0))
        #expect(reaction.actions.isEmpty)
        #expect(reaction.message?.text == "This video has no role play.")
        var alone = sample
        alone.speakers.removeLast()
        #expect(!alone.offersRolePlay)
        var engine = VideoEngine(module: alone, setup: NoSetup(), startedAt: start)
        #expect(engine.apply(.startRolePlay(speaker: "manager"), at: start).isEmpty)
        #expect(engine.rolePlay == nil)
        #expect(sample.offersRolePlay)
    }

    /// The subtitles the learner last chose are chosen again when they open a video; a speaker the module does not
    /// have gives everyone's.
    @Test func aVideoOpensWithTheSubtitlesLastChosen() throws {
        var script = PresenterScript<VideoPresenter>(dealt(VideoEngine.self), context: context)
        script.context.settings.subtitles = .speaker("applicant")
        script.enter()
        #expect(script.engine.subtitles == .speaker("applicant"))
        #expect(script.view.subtitleSpeaker == "David Moore")
        var elsewhere = PresenterScript<VideoPresenter>(dealt(VideoEngine.self), context: context)
        elsewhere.context.settings.subtitles = .speaker("somebody-else")
        elsewhere.enter()
        #expect(elsewhere.engine.subtitles == .everyone)
        var off = PresenterScript<VideoPresenter>(dealt(VideoEngine.self), context: context)
        off.context.settings.subtitles = .off
        off.enter()
        #expect(!off.view.subtitlesOn)
        #expect(off.view.subtitle == nil)
    }

    func videoTask() throws {
        var script = PresenterScript<VideoTaskPresenter>(dealt(VideoTaskEngine.self), context: context)
        script.send(.cycle(nil))
        script.send(.cycle(nil))
        script.send(.move(1))
        script.send(.mark(1, .correct))
        // Starting again asks first while marks not yet checked would be cleared.
        script.send(.tryAgain, showing: true)
        script.send(.keepMarks)
        script.send(.check)
        script.send(.mark(12, .correct))
        let truth = sample.videoTask.map { $0.isCorrect ? TriState.correct : .incorrect }
        var marks = truth
        marks[5] = marks[5] == .correct ? .incorrect : .correct
        script.send(.markAll(marks))
        script.send(.check, showing: true)
        script.send(.select(5), showing: true)
        // The lines play from the first one's start to the last one's end, and no further.
        script.send(.replay(nil))
        script.send(.replay(0))
        script.send(.cycle(0))
        script.send(.tryAgain)
        try script.matchesGolden(golden("video-task"))
    }

    func vocabulary() throws {
        var script = PresenterScript<VocabularyPresenter>(dealt(VocabularyEngine.self), context: context)
        script.send(.openSelected)
        script.send(.next)
        script.send(.openSelected)
        script.send(.previous)
        script.send(.define("3"))
        script.send(.define("Have a Seat"))
        script.send(.define("nope"))
        script.send(.hearLine(2))
        script.send(.hearSelectedLine)
        script.show("have a seat open")
        try script.matchesGolden(golden("vocabulary"))
    }

    func audioGame() throws {
        var game = PresenterScript<AudioGamePresenter>(dealt(AudioGameEngine.self, seed: 3, options: .medium), context: context)
        game.show("choosing a level")
        game.send(.moveLevelCursor(1))
        game.send(.chooseLevel(.medium))
        // A new game asked for deals a new board, even at the level of an untouched game.
        game.send(.askLevel)
        game.send(.chooseLevel(.medium))
        let tray = game.engine.setup.tray
        let first = tray[0]
        let right = game.engine.tiles.firstIndex { $0.id == first }!
        let taken = game.engine.slots.firstIndex { $0 != nil }!
        game.send(.place(label: 0, slot: (right + 1) % 21 == taken ? (right + 2) % 21 : (right + 1) % 21))
        game.send(.place(label: 0, slot: taken))
        game.send(.place(label: 0, slot: right), showing: true)
        game.send(.place(label: 0, slot: right))
        game.send(.place(label: 40, slot: 1))
        game.send(.hear(label: 1))
        game.send(.pickAtCursor)
        game.send(.putBack)
        game.send(.chooseLevel(.hard))
        game.send(.newGame)
        game.context.settings.listeningFirst = true
        game.show("listening first: tiles not heard keep their text back")
        try game.matchesGolden(golden("audio-game"))
    }

    func pronunciation() throws {
        var script = PresenterScript<PronunciationPresenter>(dealt(PronunciationEngine.self), context: context)
        script.send(.select(3))
        script.send(.hearOriginal)
        script.send(.compare(.simultaneous))
        script.send(.record)
        script.context.recording = RecordingProgress(line: "l04", startedAt: script.now, seconds: 4.9)
        script.wait(1.2)
        script.show("recording, with its countdown")
        // The same key ends it early.
        script.send(.record)
        script.context.recording = nil
        script.outcome(.recorded(line: "l04", file: "/recordings/l04-learner.wav"))
        script.send(.compare(.sequential))
        script.outcome(.compared(line: "l04", mode: .sequential, file: "/recordings/l04-sequential.wav"))
        script.send(.move(1))
        script.send(.record)
        script.outcome(.recordingFailed(line: "l05", reason: "no sound device was found: recording is off"))
        script.show("a failed recording says why")
        try script.matchesGolden(golden("pronunciation"))
    }

    func questions() throws {
        var script = PresenterScript<QuestionsPresenter>(dealt(QuestionsEngine.self, seed: 4), context: context)
        let first = script.engine.presented[0]
        script.send(.answer((first.correctLetter + 1) % 3), showing: true)
        script.send(.answer(first.correctLetter))
        script.send(.advance)
        script.send(.answer(5))
        script.send(.hearQuestion)
        script.send(.hearAnswer(2))
        script.send(.go(9))
        script.context.attempt = 2
        script.context.settings.listeningFirst = true
        script.send(.go(3), showing: true)
        // Starting again asks first while answers would be cleared.
        script.send(.newAttempt, showing: true)
        script.send(.keepAnswers)
        script.send(.newAttempt)
        script.send(.newAttemptNow)
        try script.matchesGolden(golden("questions"))
    }

    func dictionary() throws {
        var script = PresenterScript<DictionaryPresenter>(dealt(DictionaryEngine.self), context: context)
        // A word starting with f is a search like any other.
        script.send(.type("f"))
        script.send(.type("r"), showing: true)
        script.send(.deleteBack)
        script.send(.deleteBack)
        script.send(.nextPage)
        script.send(.type("responsability"), showing: true)
        script.send(.openSelected)
        script.send(.nextPage, showing: true)
        script.send(.define("responsability"))
        script.send(.define("shift work"))
        script.send(.clear)
        try script.matchesGolden(golden("dictionary"))
    }

    func test() throws {
        var script = PresenterScript<TestPresenter>(dealt(TestEngine.self, seed: 6), context: context)
        let drawn = script.engine.drawn
        let statement = drawn.firstIndex { $0.options.isEmpty }!
        let choice = drawn.firstIndex { !$0.options.isEmpty }!
        script.send(.go(statement))
        script.send(.choose(0))
        script.send(.cycle)
        script.send(.cycle)
        script.send(.mark(.correct))
        script.send(.nextUnanswered, showing: true)
        script.send(.go(choice))
        script.send(.mark(.correct))
        script.send(.choose(7))
        script.send(.choose(1), showing: true)
        script.send(.finish, showing: true)
        script.send(.cancelFinish)
        script.send(.showLastResults)
        script.send(.finishNow, showing: true)
        script.send(.choose(0))
        try script.matchesGolden(golden("test"))
    }
}
