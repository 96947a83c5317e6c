import Foundation
import LessonpackActivities
import LessonpackDiagnostics
import LessonpackModel
import LessonpackPresentation
import LessonpackProgress
import LessonpackCore
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// Sessions: attempts saved as they go, carried on after a kill, dealt from the seed alone, one player per store.
@Suite(.serialized) struct SessionTests {
    @Test func aTestAttemptComesBackAnswerForAnswer() throws {
        let folder = TemporaryFolder()
        var first: PlayerSession? = try makeSession(in: folder)
        let test = try open(TestPresenter.self, in: first!)
        for index in 0..<7 {
            test.send(.go(index), at: Date())
            let shown = test.engine.drawn[index]
            test.send(shown.options.isEmpty ? .mark(.correct) : .choose(1), at: Date())
        }
        test.send(.go(0), at: Date())
        test.send(.cycle, at: Date())      // changed its mind
        let (answers, drawn, attempt) = (test.engine.answers, test.engine.drawn, test.attempt.id)
        first = nil

        // A new session, as after a kill, with another seed: the same attempt, the same draw, every answer.
        let second = try makeSession(in: folder, seed: 999)
        #expect(second.resumable(at: Date()).first?.activity == .test)
        let resumed = try open(TestPresenter.self, in: second)
        #expect(resumed.attempt.id == attempt)
        #expect(resumed.engine.drawn == drawn)
        #expect(resumed.engine.answers == answers)
    }

    @Test func anAudioGameComesBackMoveForMove() throws {
        let folder = TemporaryFolder()
        var first: PlayerSession? = try makeSession(in: folder)
        let game = try open(AudioGamePresenter.self, in: first!)
        game.send(.chooseLevel(.hard), at: Date())
        let tile = game.engine.tray[0]
        let label = try #require(game.engine.setup.tray.firstIndex(of: tile))
        let right = game.engine.tiles.firstIndex { $0.id == tile }!
        game.send(.place(label: label, slot: (right + 1) % game.engine.tiles.count), at: Date())
        game.send(.place(label: label, slot: right), at: Date())
        let played = game.engine
        first = nil
        let resumed = try open(AudioGamePresenter.self, in: try makeSession(in: folder, seed: 7))
        #expect(resumed.engine.difficulty == .hard)
        #expect(resumed.engine.slots == played.slots && resumed.engine.tray == played.tray)
        #expect(resumed.engine.moves == 2 && resumed.engine.mistakes == 1)
    }

    @Test func aNewQuestionsAttemptDiffersFromTheLastEvenInANewSession() throws {
        let folder = TemporaryFolder()
        var first: PlayerSession? = try makeSession(in: folder)
        let questions = try open(QuestionsPresenter.self, in: first!)
        for index in 0..<questions.engine.presented.count {
            questions.send(.go(index), at: Date())
            questions.send(.answer(0), at: Date())
        }
        #expect(questions.attempt.isFinished)
        let orders = questions.engine.setup.orders
        first = nil
        // The same seed: only the stored orders prevent a repeat.
        let next = try open(QuestionsPresenter.self, in: try makeSession(in: folder, seed: 1))
        #expect(next.attempt.number == 2)
        for shown in next.engine.presented { #expect(orders[shown.question.id] != shown.order) }
    }

    /// A deal depends on the seed, the activity and the attempt's number, not on what came before it.
    @Test func aDealDependsOnlyOnTheSeedTheActivityAndTheAttempt() throws {
        let direct = try open(TestPresenter.self, in: try makeSession(in: TemporaryFolder(), seed: 77)).engine.setup
        let folder = TemporaryFolder()
        let busy = try makeSession(in: folder, seed: 77)
        let questions = try open(QuestionsPresenter.self, in: busy)
        questions.send(.answer(1), at: Date())
        questions.send(.newAttempt, at: Date())
        let game = try open(AudioGamePresenter.self, in: busy)
        game.send(.chooseLevel(.easy), at: Date())
        game.send(.newGame, at: Date())
        _ = try open(VideoPresenter.self, in: busy)
        #expect(try open(TestPresenter.self, in: busy).engine.setup == direct)
    }

    /// A second player on the same progress is refused, saying why.
    @Test func aSecondPlayerOnTheSameProgressIsRefused() throws {
        let folder = TemporaryFolder()
        let first = try makeSession(in: folder)
        do {
            _ = try makeSession(in: folder)
            Issue.record("two players share one store")
        } catch let error as ProgressError {
            #expect(error.code == .progressInUse)
        }
        withExtendedLifetime(first) {}
    }

    /// An unfinished attempt follows the module to a new version when what it uses did not change, and is
    /// closed, saying so, when it did.
    @Test func aModuleUpdateCarriesOverOrClosesUnfinishedAttemptsVisibly() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        var first: PlayerSession? = try makeSession(in: folder, module: module)
        let task = try open(VideoTaskPresenter.self, in: first!)
        task.send(.mark(0, .correct), at: Date())
        let test = try open(TestPresenter.self, in: first!)
        test.send(.mark(.correct), at: Date())
        test.send(.choose(0), at: Date())
        let drawnFirst = test.engine.drawn[0].item.id
        first = nil

        // Version 1.1.0 rewords the first item the test drew, and nothing of the video task.
        try Self.edit(module + "/module.plist", "<string>1.0.0</string>", "<string>1.1.0</string>")
        let item = try #require(try ModuleLoader.load(folder: module).module.test.items.first { $0.id == drawnFirst })
        try Self.edit(module + "/questions/test.plist", ">" + Self.xml(item.text) + "<", ">Reworded: " + Self.xml(item.text) + "<")
        let second = try makeSession(in: folder, module: module)
        #expect(second.module.version == "1.1.0")
        let offered = second.resumable(at: Date()).first
        #expect(offered?.activity == .videoTask)
        let notices = second.takeNotices()
        // In plain words; the store keeps the exact reason.
        #expect(notices.contains { $0.contains("your unfinished Test could not be carried on, because the lesson has " +
                                               "changed since you began it") }, "\(notices)")
        let resumed = try open(VideoTaskPresenter.self, in: second)
        #expect(resumed.engine.answer("s01") == .correct)
    }

    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Replaces the first occurrence of `old`, which must be there.
    static func edit(_ path: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let range = try #require(text.range(of: old), "\(old) is not in \(path)")
        try text.replacingCharacters(in: range, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A questions attempt knows its number.
    @Test func questionsSayWhichAttemptTheyAre() throws {
        let session = try makeSession(in: TemporaryFolder())
        let questions = try open(QuestionsPresenter.self, in: session)
        #expect(questions.view(at: Date()).header.contains("· try 1 ·"))
        questions.send(.answer(0), at: Date())
        questions.send(.newAttempt, at: Date())
        questions.send(.newAttemptNow, at: Date())
        #expect(questions.view(at: Date()).header.contains("· try 2 ·"))
    }

    /// The last test's results can be seen again, with each objective's performance.
    @Test func theLastTestsResultsCanBeSeenAgain() throws {
        let session = try makeSession(in: TemporaryFolder())
        let test = try open(TestPresenter.self, in: session)
        test.send(.showLastResults, at: Date())
        #expect(test.view(at: Date()).results == nil)
        test.send(.finishNow, at: Date())
        test.leave(at: Date())
        let next = try open(TestPresenter.self, in: session)
        #expect(next.view(at: Date()).results == nil)
        next.send(.showLastResults, at: Date())
        let results = try #require(next.view(at: Date()).results)
        #expect(results.earlier?.hasPrefix("Your last test, finished on") == true)
        #expect(results.score == "Score: 0 of 20 (0%)")
        #expect(results.objectives.map(\.text) == session.module.objectives.map(\.performance))
    }
}

/// What a review found, each held by a test.
@Suite(.serialized) struct SessionReviewTests {
    /// The action that ends an attempt is saved with its result, in one transaction; and a log that ends an attempt
    /// whose row is still open (a store written before that) gets its result when resumed.
    @Test func aFinishedLogAlwaysHasItsResult() throws {
        let folder = TemporaryFolder()
        var first: PlayerSession? = try makeSession(in: folder)
        let questions = try open(QuestionsPresenter.self, in: first!)
        for index in 0..<questions.engine.presented.count {
            questions.send(.go(index), at: Date())
            questions.send(.answer(0), at: Date())
        }
        #expect(first!.statuses()[.questions].map { if case .scored(_, false) = $0 { true } else { false } } == true)
        // Hearing again after the end still plays, unrecorded.
        #expect(questions.send(.hearQuestion, at: Date())?.text == "Playing the question.")
        first = nil

        // A log that ends the attempt, with the row left open.
        let store = try ProgressStore(folder: folder.child("data"))
        let module = try ModuleLoader.load(folder: Paths.sampleModule).module
        var random = SeededRandom(seed: 9)
        let setup = QuestionsEngine.deal(for: module, random: &random, previous: nil, options: NoOptions())
        let attempt = try store.startAttempt(QuestionsEngine.self, module: module, number: 2, seed: 9, setup: setup,
                                             startedAt: Date())
        for question in module.questions {
            try store.record(.answer(question: question.id, letter: 1), of: QuestionsEngine.self, in: attempt, module: module, at: Date())
        }
        let second = try makeSession(in: folder, seed: 2)
        #expect(second.resumable(at: Date()).first?.id == attempt)
        let resumed = try open(QuestionsPresenter.self, in: second)
        #expect(resumed.attempt.isFinished)
        #expect(try store.unfinishedAttempts(moduleID: module.id).isEmpty)
    }

    @Test func playingAtTheEndStartsAgainAndEnterPlaysTheCurrentLine() throws {
        let session = try makeSession(in: TemporaryFolder())
        let video = try open(VideoPresenter.self, in: session)
        let start = Date()
        video.send(.play, at: start)
        video.send(.seek(500), at: start)
        #expect(video.view(at: start).state == .ended)
        video.send(.play, at: start)
        #expect(video.view(at: start.addingTimeInterval(1)).state == .playing)
        // With no line chosen by hand, Enter plays the line the view shows as current.
        video.send(.seek(10), at: start)
        #expect(video.send(.replayLine(nil), at: start) == nil)
        #expect(video.view(at: start).position == session.module.transcript[2].start)
    }
}
