import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackProgress

@Suite struct ProgressStoreTests {
    let module = try! ModuleLoader.load(folder: Paths.sampleModule).module
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theSchemaIsCreatedAndTheFileIsSound() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.child("data"))
        #expect(try store.integrityCheck() == "ok")
        // Opening again runs no migration twice.
        _ = try ProgressStore(folder: folder.child("data"))
        let journal = try store.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
    }

    @Test func aStoreFromANewerLessonpackIsRefusedNamingIt() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('3: something from the future')")
            try db.execute(sql: "UPDATE storeInfo SET value = 'lessonpack 9.1.0' WHERE key = 'writtenBy'")
        }
        do {
            _ = try ProgressStore(folder: folder.path)
            Issue.record("a newer store was opened")
        } catch {
            #expect(error.code == .progressNewerSchema)
            #expect(error.description.contains("written by lessonpack 9.1.0 (schema 3)"), "\(error)")
        }
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
                let attempt = try store.startAttempt(module: module, activity: .test, seed: UInt64(index), setup: [:], at: start)
                try store.record(RecordedAction("answer", item: "t01", value: String(repeating: "x", count: 200), at: start),
                                 in: attempt)
            }
            try store.database.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        }
        // Scribble over the pages after the first, as a failing disk might.
        let path = folder.child("progress.sqlite")
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 16384))
        try handle.close()
        let store = try ProgressStore(folder: folder.path)
        #expect(store.notes.count == 1 && store.notes[0].contains("was damaged"), "\(store.notes)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".damaged-") }
        #expect(kept.contains { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }, "\(kept)")
        #expect(try store.unfinishedAttempt(moduleID: module.id) == nil)
        try store.noteModuleSeen(module, at: start)
    }

    @Test func aWriteWaitsForAnotherHolderAndSaysWhenItCannot() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path, busyTimeout: 0.3)
        try store.noteModuleSeen(module, at: start)
        let attempt = try store.startAttempt(module: module, activity: .test, seed: 1, setup: [:], at: start)
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
            try store.record(RecordedAction("answer", item: "t01", value: "correct", at: start), in: attempt)
            Issue.record("a write went through a held lock")
        } catch {
            #expect(error.code == .progressUnsaved)
        }
        // Once it lets go, writes go through again.
        release.signal()
        done.wait()
        try store.record(RecordedAction("answer", item: "t01", value: "correct", at: start), in: attempt)
        #expect(try store.unfinishedAttempt(moduleID: module.id)?.actions.count == 1)
    }

    @Test func actionsAreKeptInOrderForResuming() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        try store.noteModuleSeen(module, at: start)
        let attempt = try store.startAttempt(module: module, activity: .test, seed: 42, setup: ["lastDrawn": "[]"], at: start)
        try store.record(RecordedAction("answer", item: "t01", value: "option 2", at: start), in: attempt)
        try store.record(RecordedAction("answer", item: "t02", value: "correct", at: start.addingTimeInterval(5)), in: attempt)
        let unfinished = try #require(try store.unfinishedAttempt(moduleID: module.id))
        #expect(unfinished.id == attempt && unfinished.activity == .test && unfinished.seed == 42)
        #expect(unfinished.setup == ["lastDrawn": "[]"])
        #expect(unfinished.actions.map(\.item) == ["t01", "t02"])
        #expect(unfinished.actions[1].at == start.addingTimeInterval(5))
        try store.abandon(attempt, at: start)
        #expect(try store.unfinishedAttempt(moduleID: module.id) == nil)
    }

    @Test func historyKeepsBestAndLastScores() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        for (index, correct) in [6, 9, 7].enumerated() {
            let attempt = try store.startAttempt(module: module, activity: .videoTask, seed: UInt64(index), setup: [:], at: start)
            let result = ActivityResult(activity: .videoTask, startedAt: start, finishedAt: start.addingTimeInterval(60),
                                        score: Score(correct: correct, total: 10))
            try store.finish(attempt, module: module, result: result, contentHashes: [:])
        }
        let history = try #require(try store.history(moduleID: module.id)[.videoTask])
        #expect(history.attempts == 3 && history.finished == 3)
        #expect(history.bestPercent == 90 && history.lastPercent == 70)
    }

    @Test func aNewerVersionKeepsTheHistoryOfUnchangedItemsOnly() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        let hashes = ContentHashes.of(module)
        let attempt = try store.startAttempt(module: module, activity: .test, seed: 1, setup: [:], at: start)
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

    @Test func helpIsRememberedOncePerScreen() throws {
        let store = try ProgressStore(folder: TemporaryFolder().path)
        #expect(!store.hasSeenHelp("test"))
        store.markHelpSeen("test")
        store.markHelpSeen("test")
        #expect(store.hasSeenHelp("test"))
    }

    @Test func theDataFolderFollowsTheEnvironment() {
        #expect(ProgressStore.defaultFolder(environment: ["LESSONPACK_DATA_DIR": "/x"]) == "/x")
        #expect(ProgressStore.defaultFolder(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/lessonpack")
        #expect(ProgressStore.defaultFolder(environment: ["HOME": "/h"]) == "/h/.local/share/lessonpack")
    }
}
