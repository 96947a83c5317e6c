import Foundation
import LessonpackActivities
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// Replaying an attempt's log on an engine made from the same seed gives back exactly the state it had.
@Suite struct ResumeTests {
    @Test func aTestAttemptComesBackAnswerForAnswer() throws {
        let folder = TemporaryFolder()
        let first = try makeSession(in: folder)
        let test = try first.controller(for: .test, at: Date()) as! TestController
        for shown in test.engine.drawn.prefix(7) {
            if shown.options.isEmpty { test.cycle(shown.item.id, at: Date()) } else { test.choose(shown.item.id, option: 1, at: Date()) }
        }
        test.cycle(test.engine.drawn[0].item.id, at: Date())   // changed its mind: now incorrect
        let answers = test.engine.answers
        let drawn = test.engine.drawn.map(\.item.id)

        // A new session, as after a kill: the same attempt, the same draw, every answer.
        let second = try makeSession(in: folder, seed: 999)
        let resumed = try second.controller(for: .test, at: Date()) as! TestController
        #expect(resumed.attemptID == test.attemptID)
        #expect(resumed.engine.drawn.map(\.item.id) == drawn)
        #expect(resumed.engine.answers == answers)
    }

    @Test func anAudioGameComesBackMoveForMove() throws {
        let folder = TemporaryFolder()
        let first = try makeSession(in: folder)
        let game = try first.controller(for: .audioGame, at: Date()) as! AudioGameController
        game.newGame(.hard, at: Date())
        let tile = game.engine.tray[0]
        let right = game.engine.tiles.firstIndex { $0.id == tile }!
        _ = game.place(tile, in: (right + 1) % game.engine.tiles.count, at: Date())
        _ = game.place(tile, in: right, at: Date())
        let second = try makeSession(in: folder, seed: 7)
        let resumed = try second.controller(for: .audioGame, at: Date()) as! AudioGameController
        #expect(resumed.engine.difficulty == .hard)
        #expect(resumed.engine.slots == game.engine.slots && resumed.engine.tray == game.engine.tray)
        #expect(resumed.engine.moves == 2 && resumed.engine.mistakes == 1)
    }

    @Test func questionsComeBackWithTheirOrderAndFeedback() throws {
        let folder = TemporaryFolder()
        let first = try makeSession(in: folder)
        let questions = try first.controller(for: .questions, at: Date()) as! QuestionsController
        let q1 = questions.engine.presented[0]
        questions.choose(q1.question.id, letter: q1.correctLetter, at: Date())
        _ = questions.check(q1.question.id, at: Date())
        let second = try makeSession(in: folder, seed: 3)
        let resumed = try second.controller(for: .questions, at: Date()) as! QuestionsController
        #expect(resumed.engine.orders == questions.engine.orders)
        #expect(resumed.engine.feedback == questions.engine.feedback)
    }

    @Test func aNewQuestionsAttemptDiffersFromTheLastEvenInANewSession() throws {
        let folder = TemporaryFolder()
        let first = try makeSession(in: folder)
        let questions = try first.controller(for: .questions, at: Date()) as! QuestionsController
        for shown in questions.engine.presented {
            questions.choose(shown.question.id, letter: 0, at: Date())
            _ = questions.check(shown.question.id, at: Date())
        }
        #expect(questions.isFinished)
        let second = try makeSession(in: folder, seed: 1)    // the same seed: only the stored orders prevent a repeat
        let next = try second.controller(for: .questions, at: Date()) as! QuestionsController
        for (old, new) in zip(questions.engine.presented, next.engine.presented) { #expect(old.order != new.order) }
    }

    @Test func aSeedReplaysASession() throws {
        let (firstFolder, secondFolder) = (TemporaryFolder(), TemporaryFolder())
        let one = try makeSession(in: firstFolder, seed: 77)
        let two = try makeSession(in: secondFolder, seed: 77)
        let a = try one.controller(for: .test, at: Date()) as! TestController
        let b = try two.controller(for: .test, at: Date()) as! TestController
        #expect(a.engine.drawn == b.engine.drawn)
    }
}
