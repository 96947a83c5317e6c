import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackProgress

/// The store's rows, written through its records, read as older Lessonpacks wrote and read them.
@Suite struct ProgressRecordsTests {
    let module = sampleModule

    /// Older Lessonpacks read these words from the `state` column: an attempt's state is spelt as it always was.
    @Test func attemptStatesAreSpeltAsStoresHaveAlwaysSpeltThem() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        func begin(_ number: Int) throws -> Int64 {
            try store.startAttempt(VideoTaskEngine.self, module: module, number: number, seed: 0, setup: NoSetup(),
                                   startedAt: start)
        }
        let open = try begin(1), finished = try begin(2), setAside = try begin(3)
        try store.finish(finished, module: module, result: ActivityResult(activity: .videoTask, startedAt: start,
                                                                          finishedAt: start, score: Score(correct: 1, total: 2)),
                         contentHashes: [:])
        try store.abandon(setAside, at: start)
        let states = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT id, state FROM attempt").reduce(into: [Int64: String]()) { states, row in
                states[row["id"]] = row["state"]
            }
        }
        #expect(states == [open: "in-progress", finished: "finished", setAside: "abandoned"])
        // Abandoning is only for an attempt under way: a finished one stays finished.
        try store.abandon(finished, at: start)
        #expect(try store.history(moduleID: module.id)[.videoTask]?.finished.count == 1)
    }

    /// Each objective without its words gets the module's, even beside one that has its own (which it keeps): a
    /// result is judged by its decoded objectives, not by whether its text mentions a performance anywhere.
    @Test func eachObjectiveWithoutWordsGetsTheModules() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        #expect(module.objectives.count >= 2)
        let greet = module.objectives[0], background = module.objectives[1]
        func finishTest(_ number: Int, objectives: [(id: String, performance: String?)]) throws {
            let attempt = try store.startAttempt(TestEngine.self, module: module, number: number, seed: 1,
                                                 setup: testSetup(seed: 1), startedAt: start)
            let scores = objectives.map {
                ObjectiveScore(objective: $0.id, performance: $0.performance, correct: 1, incorrect: 0, unanswered: 0)
            }
            try store.finish(attempt, module: module,
                             result: ActivityResult(activity: .test, startedAt: start, finishedAt: start,
                                                    score: Score(correct: 1, total: 1), objectives: scores),
                             contentHashes: [:])
        }
        try finishTest(1, objectives: [(greet.id, "Greet as it was worded then")])
        try finishTest(2, objectives: [(greet.id, "Greet, in the words of the day"), (background.id, nil)])
        try store.completeObjectiveTexts(for: module)
        let finished = try #require(try store.history(moduleID: module.id)[.test]?.finished)
        #expect(finished.map { $0.result.objectives.map(\.performance) }
                == [["Greet as it was worded then"], ["Greet, in the words of the day", background.performance]])
    }
}
