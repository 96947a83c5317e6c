import Foundation
import LessonpackBundle
import LessonpackModel
import LessonpackRuntime
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackActivities

/// The sample module's eight activities, played end to end from its bundle through the public API, as a front
/// end would drive them.
@Suite struct PlayThroughTests {
    @Test func allEightActivitiesFromTheBundle() throws {
        let folder = TemporaryFolder()
        let bundle = try #require(try BundleBuilder.build(folder: Paths.sampleModule,
                                                          options: .init(outputFolder: folder.child("dist"))).bundlePath)
        let loaded = try LoadedModule.open(bundle, cacheFolder: folder.child("cache"))
        let module = loaded.module
        var random = SeededRandom(seed: 2024)
        var results: [ActivityResult] = []
        var clock = start

        func tick(_ seconds: Double) -> Date {
            clock = clock.addingTimeInterval(seconds)
            return clock
        }

        // 1. Watch the video to the end, with subtitles.
        var video = VideoEngine(module: module, at: clock)
        video.play(at: clock)
        #expect(video.subtitle(at: tick(1))?.id == "l01")
        results.append(video.result(at: tick(110)))

        // 2. The video task, all right.
        var task = VideoTaskEngine(module: module, at: clock)
        for statement in task.statements { task.set(statement.id, to: statement.isCorrect ? .correct : .incorrect) }
        guard case .checked(let report) = task.check() else { Issue.record("video task not checked"); return }
        #expect(report.mistakes.isEmpty)
        results.append(task.result(at: tick(60)))

        // 3. Vocabulary: open every term.
        var vocabulary = VocabularyEngine(module: module, at: clock)
        for _ in vocabulary.termPositions {
            vocabulary.selectNext()
            let definition = vocabulary.open()
            #expect(definition != nil)
        }
        results.append(vocabulary.result(at: tick(120)))

        // 4. The audio game on hard, with one mistake.
        var game = AudioGameEngine(module: module, difficulty: .hard, random: SeededRandom(seed: random.next()), at: clock)
        let first = game.tray[0]
        let right = game.tiles.firstIndex { $0.id == first }!
        let wrongDrop = game.place(first, in: right == 0 ? 1 : 0)
        #expect(wrongDrop == .rejected)
        while let tile = game.tray.first { game.place(tile, in: game.tiles.firstIndex { $0.id == tile }!) }
        let solved = game.completeIfSolved(at: tick(200))
        #expect(solved)
        results.append(game.result(at: clock))

        // 5. Pronunciation: record and compare the first line.
        let studio = PronunciationStudio(media: loaded.media, recorder: ToneRecorder(), workFolder: folder.child("work"))
        var pronunciation = PronunciationEngine(module: module, at: clock)
        let line = try #require(pronunciation.currentLine)
        let recording = try studio.record(line)
        pronunciation.recorded(line.id, file: recording)
        pronunciation.compared(line.id, .simultaneous, file: try studio.compare(line, learner: recording, .simultaneous))
        results.append(pronunciation.result(at: tick(90)))

        // 6. Questions: the right letter each time.
        var questions = QuestionsEngine(module: module, random: SeededRandom(seed: random.next()), at: clock)
        for shown in questions.presented {
            questions.choose(shown.question.id, letter: shown.correctLetter)
            let feedback = questions.check(shown.question.id)
            #expect(feedback?.isCorrect == true)
        }
        results.append(questions.result(at: tick(150)))

        // 7. The dictionary: find a word spelt wrong.
        var dictionary = DictionaryEngine(module: module, at: clock)
        let found = try #require(dictionary.search(approximately: "responsability").first)
        _ = dictionary.open(found.term)
        results.append(dictionary.result(at: tick(30)))

        // 8. The test: everything answered rightly.
        var test = TestEngine(module: module, history: nil, random: SeededRandom(seed: random.next()), at: clock)
        for shown in test.drawn {
            switch shown.item.kind {
            case .statement(let isCorrect):
                test.cycle(shown.item.id)
                if !isCorrect { test.cycle(shown.item.id) }
            case .multipleChoice(_, let answer):
                test.choose(shown.item.id, option: shown.options.firstIndex(of: answer)!)
            }
        }
        results.append(test.finish(at: tick(600)))

        #expect(results.map(\.activity) == ActivityKind.allCases)
        #expect(results[1].score?.percent == 100)
        #expect(results[3].details["mistakes"] == "1")
        #expect(results[5].score?.percent == 100)
        #expect(results[7].score == Score(correct: 20, total: 20))
        #expect(results[7].objectives.allSatisfy { $0.percent == 100 })
        // Results are what the player stores: they survive a round trip through JSON.
        let stored = try JSONEncoder().encode(results)
        #expect(try JSONDecoder().decode([ActivityResult].self, from: stored) == results)
    }
}
