import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel
import LessonpackTestSupport
import LessonpackXAPI
import Testing
@testable import LessonpackProgress

/// The statements of what the learner does are written with it, in the same transaction, and wait to be sent.
@Suite struct StatementQueueTests {
    let module = sampleModule

    func verbs(_ store: ProgressStore) throws -> [String] {
        try store.allStatements().compactMap { try? XAPIStatement.decode(Array($0.body.utf8)).verb.display["en-US"] }
    }

    @Test func eachStepQueuesItsStatementsWithIt() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        try store.noteModuleSeen(module, at: start)
        let setup = testSetup(seed: 4)
        let attempt = try store.startAttempt(TestEngine.self, module: module, number: 1, seed: 4, setup: setup, startedAt: start)
        #expect(try verbs(store) == ["launched", "initialized"])

        var engine = TestEngine(module: module, setup: setup, startedAt: start)
        // A statement the learner marks correct.
        let item = try #require(setup.drawn.first { id in
            if case .statement = module.test.items.first(where: { $0.id == id })?.kind { true } else { false }
        })
        let before = engine.result(at: start)
        _ = engine.apply(.answer(item: item, answer: .correct), at: start)
        let answered = ActivityResult.newAnswers(from: before, to: engine.result(at: start))
        #expect(answered.map(\.id) == [item])
        try store.record(.answer(item: item, answer: .correct), of: TestEngine.self, in: attempt, module: module,
                         answered: answered, at: start)
        _ = engine.apply(.finish, at: start.addingTimeInterval(60))
        let finishing = ProgressStore.Finishing(module: module, result: engine.result(at: start.addingTimeInterval(60)),
                                                contentHashes: [:])
        try store.record(.finish, of: TestEngine.self, in: attempt, module: module, at: start.addingTimeInterval(60),
                         finishing: finishing)
        #expect(try verbs(store) == ["launched", "initialized", "answered", "completed", "terminated"])

        let statements = try store.allStatements().map { try XAPIStatement.decode(Array($0.body.utf8)) }
        let registration = try store.read { db in try String.fetchOne(db, sql: "SELECT uuid FROM attempt WHERE id = ?", arguments: [attempt]) }
        #expect(statements.dropFirst().allSatisfy { $0.context?.registration == registration })
        #expect(statements[2].object.id == ActivityIRI.item(item, in: .test, of: module.id))
        #expect(statements[3].result?.duration == "PT1M")
        #expect(statements.allSatisfy { $0.actor == nil }, "who the learner is is said when sending")

        // A transaction that fails takes its statements with it.
        var changed = statements[0]
        changed.id = "00000000-0000-5000-8000-000000000000"
        #expect(throws: DatabaseError.self) {
            try store.database.write { db in
                try ProgressStore.queue([changed], attempt: nil, db)
                throw DatabaseError(resultCode: .SQLITE_ABORT)
            }
        }
        let lrs = "http://lrs.example/xAPI/"
        #expect(try store.deliveryCounts(to: lrs) == DeliveryCounts(unsent: 5))
        let queued = try store.allStatements()
        try store.markAccepted(Array(queued.prefix(2)), by: lrs, at: start)
        try store.markRefused(queued[2], by: lrs, reason: "invalid", at: start)
        #expect(try store.unsentStatements(to: lrs, limit: 10).map(\.id) == statements.dropFirst(3).map(\.id))
        #expect(try store.deliveryCounts(to: lrs) == DeliveryCounts(unsent: 2, accepted: 2, refused: 1))
        // Another store has been sent nothing.
        #expect(try store.unsentStatements(to: "http://other.example/xAPI/", limit: 10).count == 5)
    }

    @Test func anAttemptSetAsideIsTerminated() throws {
        let folder = TemporaryFolder()
        let store = try ProgressStore(folder: folder.path)
        let attempt = try store.startAttempt(TestEngine.self, module: module, number: 1, seed: 5, setup: testSetup(seed: 5),
                                             startedAt: start)
        try store.abandon(attempt, at: start.addingTimeInterval(30))
        try store.abandon(attempt, at: start.addingTimeInterval(40))
        #expect(try verbs(store) == ["initialized", "terminated"], "set aside once, terminated once")
        let terminated = try XAPIStatement.decode(Array(try store.allStatements()[1].body.utf8))
        #expect(terminated.result?.duration == "PT30S")
    }
}
