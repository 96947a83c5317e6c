import Foundation
import LessonpackBundle
import LessonpackModel
import LessonpackRuntime
import LessonpackTestSupport
import Testing
@testable import LessonpackActivities

/// The sample module's eight activities, played end to end from its bundle through actions alone, as a front end
/// drives them.
@Suite struct PlayThroughTests {
    @Test func allEightActivitiesFromTheBundle() throws {
        let folder = TemporaryFolder()
        let bundle = try #require(try BundleBuilder.build(folder: Paths.sampleModule,
                                                          options: .init(outputFolder: folder.child("dist"))).bundlePath)
        let module = try LoadedModule.open(bundle, cacheFolder: folder.child("cache")).module
        var results: [ActivityResult] = []
        var clock = start
        func tick(_ seconds: Double) -> Date {
            clock = clock.addingTimeInterval(seconds)
            return clock
        }

        var video = dealt(VideoEngine.self, module: module)
        video.run(.play, at: clock)
        #expect(video.subtitle(at: tick(1))?.id == "l01")
        results.append(video.result(at: tick(110)))

        var task = dealt(VideoTaskEngine.self, module: module)
        for statement in task.statements { task.run(.mark(statement: statement.id, state: statement.isCorrect ? .correct : .incorrect)) }
        task.run(.check)
        #expect(task.report?.mistakes.isEmpty == true)
        results.append(task.result(at: tick(60)))

        var vocabulary = dealt(VocabularyEngine.self, module: module)
        for position in vocabulary.termPositions { vocabulary.run(.open(term: vocabulary.term(at: position)!)) }
        results.append(vocabulary.result(at: tick(120)))

        var game = dealt(AudioGameEngine.self, seed: 7, options: .hard, module: module)
        let first = game.tray[0]
        let right = game.tiles.firstIndex { $0.id == first }!
        game.run(.place(tile: first, slot: right == 0 ? 1 : 0))
        while let tile = game.tray.first { game.run(.place(tile: tile, slot: game.tiles.firstIndex { $0.id == tile }!), at: tick(10)) }
        #expect(game.isFinished)
        results.append(game.result(at: clock))

        var pronunciation = dealt(PronunciationEngine.self, module: module)
        pronunciation.run(.record(line: "l01"), .recorded(line: "l01", file: folder.child("l01.wav")))
        results.append(pronunciation.result(at: tick(90)))

        var questions = dealt(QuestionsEngine.self, seed: 9, module: module)
        for shown in questions.presented { questions.run(.answer(question: shown.question.id, letter: shown.correctLetter)) }
        #expect(questions.isFinished)
        results.append(questions.result(at: tick(150)))

        var dictionary = dealt(DictionaryEngine.self, module: module)
        let found = try #require(dictionary.search(approximately: "responsability").first)
        dictionary.run(.open(term: found.term))
        results.append(dictionary.result(at: tick(30)))

        var test = dealt(TestEngine.self, seed: 11, module: module)
        for shown in test.drawn {
            switch shown.item.kind {
            case .statement(let isCorrect): test.run(.answer(item: shown.item.id, answer: isCorrect ? .correct : .incorrect))
            case .multipleChoice(_, let answer): test.run(.answer(item: shown.item.id, answer: .choice(index: shown.options.firstIndex(of: answer)!)))
            }
        }
        test.run(.finish, at: tick(600))
        results.append(test.result(at: clock))

        // The activities the sample lists.
        #expect(results.map(\.activity) == [.video, .videoTask, .vocabulary, .audioGame, .pronunciation, .questions, .dictionary, .test])
        #expect(results[1].score?.percent == 100)
        if case .audioGame(_, _, let mistakes, let solved, _) = results[3].details { #expect(mistakes == 1 && solved) } else {
            Issue.record("the audio game's details: \(results[3].details)")
        }
        #expect(results[5].score?.percent == 100)
        #expect(results[7].score == Score(correct: 20, total: 20))
        #expect(results[7].objectives.allSatisfy { $0.percent == 100 })
        // Results are what the player stores: they survive a round trip through JSON.
        let stored = try JSONEncoder().encode(results)
        #expect(try JSONDecoder().decode([ActivityResult].self, from: stored) == results)
    }
}
