import Foundation
import GRDB
import LessonpackActivities
import LessonpackDiagnostics
import LessonpackModel
import LessonpackCore
import LessonpackTestSupport
import Testing
@testable import LessonpackProgress

let sampleModule = try! ModuleLoader.load(folder: Paths.sampleModule).module
let start = Date(timeIntervalSince1970: 1_800_000_000)

/// A test attempt dealt from `seed`, as the player deals it.
func testSetup(seed: UInt64, module: Module = sampleModule) -> TestEngine.Setup {
    var random = SeededRandom(seed: seed)
    return TestEngine.deal(for: module, random: &random, previous: nil, options: NoOptions())
}

@Suite struct ProgressStoreTests {
    let module = sampleModule

    @Test func theSchemaIsCreatedAndTheFileIsSound() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.child("data"))
        #expect(try store.integrityCheck() == "ok")
        // Opening again runs no migration twice.
        _ = try ProgressStore(folder: folder.child("data"))
        let journal = try store.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        let applied = try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") }
        #expect(applied == ProgressSchema.version)
    }

    @Test func aStoreFromANewerLessonpackIsRefusedNamingIt() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('99: something from the future')")
            try db.execute(sql: "UPDATE storeInfo SET value = 'lessonpack 9.1.0' WHERE key = 'writtenBy'")
        }
        do {
            _ = try ProgressStore(folder: folder.path)
            Issue.record("a newer store was opened")
        } catch {
            #expect(error.code == .progressNewerSchema)
            #expect(error.description.contains("written by lessonpack 9.1.0 (schema \(ProgressSchema.version + 1))"), "\(error)")
        }
        #expect(throws: ProgressError.self) { try ProgressStore.reading(folder: folder.path) }
    }

    @Test func aStoreWrittenByTheFirstSchemaIsUpgraded() throws {
        // What main wrote before the store recorded its writer: only the first migration.
        let folder = TemporaryFolder()
        let queue = try DatabaseQueue(path: folder.child("progress.sqlite"))
        try ProgressSchema.migrator.migrate(queue, upTo: "1: modules, attempts, actions, results")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO module (id, version, title, firstSeen, lastSeen) VALUES ('m', '1.0.0', 'M', 0, 0)")
        }
        try queue.close()
        let store = try ProgressStore(folder: folder.path)
        let writer = try store.read { db in try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'writtenBy'") }
        #expect(writer == "lessonpack \(ToolVersion.current)")
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM module") } == 1)
    }

    @Test func aDamagedStoreIsMovedAsideAndAFreshOneStarted() throws {
        let folder = TemporaryFolder()
        do {
            let store = try ProgressStore(folder: folder.path)
            try store.noteModuleSeen(module, at: start)
            for index in 0..<200 {
                let attempt = try store.startAttempt(TestEngine.self, module: module, number: index + 1, seed: UInt64(index),
                                                     setup: testSetup(seed: UInt64(index)), startedAt: start)
                try store.record(.answer(item: "t01", answer: .correct), of: TestEngine.self, in: attempt, module: module, at: start)
            }
            try store.database.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        }
        // Scribble over the pages after the first, as a failing disk might.
        let path = folder.child("progress.sqlite")
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 16384))
        try handle.close()
        // A report does not touch it, and says what is wrong.
        do {
            _ = try ProgressStore.reading(folder: folder.path)
            Issue.record("a damaged store was read")
        } catch {
            #expect(error.code == .progressDamaged)
        }
        let store = try ProgressStore(folder: folder.path)
        #expect(store.notes.count == 1 && store.notes[0].contains("was damaged"), "\(store.notes)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".damaged-") }
        #expect(kept.contains { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }, "\(kept)")
        #expect(try store.unfinishedAttempts(moduleID: module.id).isEmpty)
        try store.noteModuleSeen(module, at: start)
    }

    @Test func aWriteWaitsForAnotherHolderAndSaysWhenItCannot() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path, busyTimeout: 0.3)
        try store.noteModuleSeen(module, at: start)
        let attempt = try store.startAttempt(TestEngine.self, module: module, number: 1, seed: 1, setup: testSetup(seed: 1),
                                             startedAt: start)
        // Another connection takes the write lock and keeps it until told to let go.
        let other = try DatabaseQueue(path: folder.child("progress.sqlite"))
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? other.inTransaction(.immediate) { _ in
                holding.signal()
                release.wait()
                return .rollback
            }
            done.signal()
        }
        holding.wait()
        do {
            try store.record(.answer(item: "t01", answer: .correct), of: TestEngine.self, in: attempt, module: module, at: start)
            Issue.record("a write went through a held lock")
        } catch {
            #expect(error.code == .progressUnsaved)
        }
        // Once it lets go, writes go through again.
        release.signal()
        done.wait()
        try store.record(.answer(item: "t01", answer: .correct), of: TestEngine.self, in: attempt, module: module, at: start)
        #expect(try store.unfinishedAttempts(moduleID: module.id).first?.steps == 1)
    }

    @Test func typedActionsComeBackExactlyAndInOrder() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        try store.noteModuleSeen(module, at: start)
        let setup = testSetup(seed: 42)
        // Times with more precision than a millisecond come back to the bit.
        let begun = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7)
        let attempt = try store.startAttempt(TestEngine.self, module: module, number: 3, seed: 42, setup: setup,
                                             startedAt: begun)
        let actions: [TestEngine.Action] = [.answer(item: setup.drawn[0], answer: .choice(index: 2)), .answer(item: setup.drawn[1], answer: .incorrect),
                                            .answer(item: setup.drawn[1], answer: .cleared), .finish]
        for (index, action) in actions.enumerated() {
            try store.record(action, of: TestEngine.self, in: attempt, module: module, at: begun.addingTimeInterval(Double(index) * 1.000_123))
        }
        let listed = try #require(try store.unfinishedAttempts(moduleID: module.id).first)
        #expect(listed.id == attempt && listed.activity == .test && listed.number == 3 && listed.steps == 4)
        guard case .resume(let saved) = try store.carryOver(attempt, as: TestEngine.self, module: module, at: start) else {
            Issue.record("the attempt was not carried on")
            return
        }
        #expect(saved.setup == setup && saved.seed == 42 && saved.number == 3 && saved.startedAt == begun)
        #expect(saved.actions.map(\.action) == actions)
        #expect(saved.actions.map(\.at) == actions.indices.map { begun.addingTimeInterval(Double($0) * 1.000_123) })
        // The log says what each step was, for a person reading it with sqlite3.
        let kinds = try store.read { db in try String.fetchAll(db, sql: "SELECT kind FROM action ORDER BY sequence") }
        #expect(kinds == ["answer", "answer", "answer", "finish"])
        try store.abandon(attempt, at: start)
        #expect(try store.unfinishedAttempts(moduleID: module.id).isEmpty)
        #expect(try store.nextAttemptNumber(moduleID: module.id, activity: .test) == 4)
        #expect(try store.nextAttemptNumber(moduleID: module.id, activity: .questions) == 1)
    }

    @Test func historyKeepsBestAndLastScoresAndSaysWhereTheLearnerStands() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        for (index, correct) in [6, 9, 7].enumerated() {
            let attempt = try store.startAttempt(VideoTaskEngine.self, module: module, number: index + 1, seed: 0,
                                                 setup: NoSetup(), startedAt: start)
            let result = ActivityResult(activity: .videoTask, startedAt: start, finishedAt: start.addingTimeInterval(60),
                                        score: Score(correct: correct, total: 10))
            try store.finish(attempt, module: module, result: result, contentHashes: [:])
        }
        var history = try #require(try store.history(moduleID: module.id)[.videoTask])
        #expect(history.attempts == 3 && history.finished.count == 3)
        #expect(history.bestPercent == 90 && history.lastPercent == 70)
        #expect(history.status == .scored(best: 90, inProgress: false))
        // Another attempt under way keeps the best score in sight.
        _ = try store.startAttempt(VideoTaskEngine.self, module: module, number: 4, seed: 0, setup: NoSetup(), startedAt: start)
        history = try #require(try store.history(moduleID: module.id)[.videoTask])
        #expect(history.status == .scored(best: 90, inProgress: true))
        // Pronunciation practice with nothing recorded was visited, not done.
        let visit = try store.startAttempt(PronunciationEngine.self, module: module, number: 1, seed: 0, setup: NoSetup(),
                                           startedAt: start)
        try store.finish(visit, module: module, result: ActivityResult(activity: .pronunciation, startedAt: start,
                                                                       finishedAt: start, details: .pronunciation(recorded: 0, lines: 21)),
                         contentHashes: [:])
        #expect(try store.history(moduleID: module.id)[.pronunciation]?.status == .visited)
    }

    @Test func aNewerVersionKeepsTheHistoryOfUnchangedItemsOnly() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        let hashes = ContentHashes.of(module)
        let attempt = try store.startAttempt(TestEngine.self, module: module, number: 1, seed: 1, setup: testSetup(seed: 1),
                                             startedAt: start)
        let items = ["t01", "t02", "t03"].map { ItemOutcome(id: $0, prompt: $0, outcome: .correct, objective: "greet") }
        try store.finish(attempt, module: module, result: ActivityResult(activity: .test, startedAt: start, finishedAt: start,
                                                                          items: items, score: Score(correct: 3, total: 3)),
                         contentHashes: hashes)
        #expect(try store.mastered(moduleID: module.id, contentHashes: hashes) == ["t01", "t02", "t03"])
        #expect(try store.lastTestDraw(moduleID: module.id, contentHashes: hashes) == ["t01", "t02", "t03"])

        var newer = module
        newer.version = "1.1.0"
        newer.test.items[1].text = "A reworded item."
        let newHashes = ContentHashes.of(newer)
        #expect(newHashes["t01"] == hashes["t01"] && newHashes["t02"] != hashes["t02"])
        #expect(try store.mastered(moduleID: module.id, contentHashes: newHashes) == ["t01", "t03"])
        #expect(try store.lastTestDraw(moduleID: module.id, contentHashes: newHashes) == ["t01", "t03"])
    }

    /// A version seen again keeps when it was first seen, takes its title as it is now, and notes when it was last
    /// seen, written as the first sighting wrote it.
    @Test func aModuleSeenAgainKeepsItsFirstSightingAndTakesItsNewTitle() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        try store.noteModuleSeen(module, at: start)
        var retitled = module
        retitled.title = "A new title"
        try store.noteModuleSeen(retitled, at: start.addingTimeInterval(90))
        let rows = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT title, firstSeen, lastSeen FROM module WHERE id = ? AND version = ?",
                             arguments: [module.id, module.version])
        }
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row["title"] as String == "A new title")
        #expect(row["firstSeen"] as Date == start)
        #expect(row["lastSeen"] as Date == start.addingTimeInterval(90))
        #expect((row["lastSeen"] as String).count == (row["firstSeen"] as String).count, "one way of writing a date")
    }

    /// What a fresh deal is dealt unlike follows the kind's descriptor: the last attempt for most, the last finished
    /// one for the test, so a test left half way does not count as seen.
    @Test func aNewDealIsDealtUnlikeTheAttemptItsKindSays() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        let finished = try store.startAttempt(TestEngine.self, module: module, number: 1, seed: 1, setup: testSetup(seed: 1),
                                              startedAt: start)
        try store.finish(finished, module: module, result: ActivityResult(activity: .test, startedAt: start, finishedAt: start,
                                                                           items: [], score: Score(correct: 0, total: 0)),
                         contentHashes: [:])
        _ = try store.startAttempt(TestEngine.self, module: module, number: 2, seed: 2, setup: testSetup(seed: 2),
                                   startedAt: start)
        #expect(testSetup(seed: 1) != testSetup(seed: 2))
        #expect(try store.lastSetup(TestEngine.self, module: module) == testSetup(seed: 1))

        let questions = { (seed: UInt64) in
            var random = SeededRandom(seed: seed)
            return QuestionsEngine.deal(for: module, random: &random, previous: nil, options: QuestionsEngine.defaultOptions)
        }
        let first = try store.startAttempt(QuestionsEngine.self, module: module, number: 1, seed: 1, setup: questions(1),
                                           startedAt: start)
        try store.finish(first, module: module, result: ActivityResult(activity: .questions, startedAt: start, finishedAt: start,
                                                                        items: [], score: Score(correct: 0, total: 0)),
                         contentHashes: [:])
        _ = try store.startAttempt(QuestionsEngine.self, module: module, number: 2, seed: 2, setup: questions(2),
                                   startedAt: start)
        #expect(questions(1) != questions(2))
        #expect(try store.lastSetup(QuestionsEngine.self, module: module) == questions(2))
    }

    @Test func anUnfinishedAttemptCarriesOverToANewVersionOnlyWhenWhatItUsesIsUnchanged() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        let setup = testSetup(seed: 5)
        func begin() throws -> Int64 {
            let attempt = try store.startAttempt(TestEngine.self, module: module, number: 1, seed: 5, setup: setup, startedAt: start)
            try store.record(.answer(item: setup.drawn[0], answer: .correct), of: TestEngine.self, in: attempt, module: module, at: start)
            return attempt
        }
        // 1.1.0 changes an item the attempt did not draw: it goes on, now under 1.1.0.
        var untouched = module
        untouched.version = "1.1.0"
        let undrawn = try #require(module.test.items.firstIndex { !setup.drawn.contains($0.id) })
        untouched.test.items[undrawn].text = "Reworded, but not drawn."
        let first = try begin()
        guard case .resume(let saved) = try store.carryOver(first, as: TestEngine.self, module: untouched, at: start) else {
            Issue.record("an attempt whose items did not change was closed")
            return
        }
        #expect(saved.actions.count == 1)
        #expect(try store.unfinishedAttempts(moduleID: module.id).first?.moduleVersion == "1.1.0")
        try store.abandon(first, at: start)

        // 1.2.0 rewords a drawn item: the attempt is closed, visibly, and kept.
        var changed = module
        changed.version = "1.2.0"
        let drawn = try #require(module.test.items.firstIndex { $0.id == setup.drawn[3] })
        changed.test.items[drawn].text = "Reworded, and drawn."
        let second = try begin()
        guard case .closed(let reason) = try store.carryOver(second, as: TestEngine.self, module: changed, at: start) else {
            Issue.record("an attempt whose items changed was carried on")
            return
        }
        #expect(reason == .changed(inVersion: "1.2.0"))
        #expect(reason.recorded.contains("they changed in version 1.2.0"), "\(reason.recorded)")
        let kept = try store.read { db in
            try String.fetchOne(db, sql: "SELECT closedReason FROM attempt WHERE id = ?", arguments: [second])
        }
        #expect(kept == reason.recorded, "the store keeps the exact reason")
        #expect(try store.unfinishedAttempts(moduleID: module.id).isEmpty)
        let state = try store.read { db in try String.fetchOne(db, sql: "SELECT state FROM attempt WHERE id = ?", arguments: [second]) }
        #expect(state == "superseded")
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM action WHERE attemptID = ?", arguments: [second]) } == 1)
    }

    @Test func readingChangesNothingAndNeedsNoStore() throws {
        let folder = TemporaryFolder()
        #expect(try ProgressStore.reading(folder: folder.child("nothing-here")) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.child("nothing-here")))
        // A store an older Lessonpack wrote is read through an upgraded copy; the file stays as it was.
        let copy = folder.child("old")
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: LegacyStoreTests.fixture + "/progress.sqlite", toPath: copy + "/progress.sqlite")
        let before = try Data(contentsOf: URL(fileURLWithPath: copy + "/progress.sqlite"))
        let store = try #require(try ProgressStore.reading(folder: copy))
        let history = try store.history(moduleID: "job-interview")
        #expect(history[.videoTask]?.status == .scored(best: 100, inProgress: false))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy + "/progress.sqlite")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy) == ["progress.sqlite"])
        // Nothing can be written through it.
        #expect(throws: ProgressError.self) { try store.setSetting("x", to: "y") }
    }

    @Test func onlyOnePlayerAtATime() throws {
        let folder = TemporaryFolder()
        var first: PlayerLock? = try PlayerLock(folder: folder.path)
        do {
            _ = try PlayerLock(folder: folder.path)
            Issue.record("a second player got the lock")
        } catch {
            #expect(error.code == .progressInUse)
            #expect(error.description.contains("another Lessonpack player is already using the progress"))
        }
        _ = first
        first = nil
        _ = try PlayerLock(folder: folder.path)
    }

    @Test func settingsAreRemembered() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        #expect(store.setting("listening-first") == nil)
        try store.setSetting("listening-first", to: "on")
        #expect(try ProgressStore(folder: folder.path).setting("listening-first") == "on")
    }

    @Test func theDataFolderFollowsTheEnvironment() {
        #expect(ProgressStore.defaultFolder(environment: ["LESSONPACK_DATA_DIR": "/x"]) == "/x")
        #expect(ProgressStore.defaultFolder(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/lessonpack")
        #expect(ProgressStore.defaultFolder(environment: ["HOME": "/h"]) == "/h/.local/share/lessonpack")
    }
}
