import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackProgress

/// What `progress` reports, read from the store: modules in id order with every version played, and each opened
/// activity in the standard order.
@Suite struct ProgressOverviewTests {
    @Test func modulesComeInIdOrderWithTheirActivitiesInTheStandardOrder() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        #expect(try ProgressOverview(store).modules.isEmpty)
        var older = sampleModule
        older.id = "a-first"
        older.version = "0.9.0"
        for module in [sampleModule, older] {
            try store.noteModuleSeen(module, at: start)
            let task = try store.startAttempt(VideoTaskEngine.self, module: module, number: 1, seed: 0, setup: NoSetup(),
                                              startedAt: start)
            try store.finish(task, module: module, result: ActivityResult(activity: .videoTask, startedAt: start,
                                                                         finishedAt: start, score: Score(correct: 8, total: 10)),
                             contentHashes: [:])
        }
        _ = try store.startAttempt(TestEngine.self, module: sampleModule, number: 1, seed: 3, setup: testSetup(seed: 3),
                                   startedAt: start)
        let overview = try ProgressOverview(store)
        try #require(overview.modules.map(\.id) == ["a-first", sampleModule.id])
        #expect(overview.modules[0].versions == ["0.9.0"])
        let activities = overview.modules[1].activities
        #expect(activities.map(\.activity) == [.videoTask, .test])
        #expect(activities[0].bestPercent == 80 && activities[1].inProgress)
    }
}
