import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel
import LessonpackXAPI

/// A statement in the learner's queue, as it is sent: its id and its JSON, still without the actor.
package struct QueuedStatement: Sendable, Equatable {
    package var position: Int64
    package var id: String
    package var body: String
}

/// How a learner's statements stand with one record store.
package struct DeliveryCounts: Sendable, Equatable {
    package var unsent = 0
    package var accepted = 0
    /// Refused by the store, one by one (invalid to it, or in conflict with what it holds): not sent to it again.
    package var refused = 0

    package init(unsent: Int = 0, accepted: Int = 0, refused: Int = 0) {
        self.unsent = unsent
        self.accepted = accepted
        self.refused = refused
    }
}

/// The xAPI statements of what the learner did, kept in the progress store beside the attempts they tell of and
/// written in the same transactions. Each record store they are sent to gets its own record of what it accepted,
/// so a store set up later is sent everything, and `progress --format xapi` lists them all, sent or not.
extension ProgressStore {
    static func queue(_ statements: [XAPIStatement], attempt: Int64?, _ db: Database) throws {
        for statement in statements {
            // A statement made twice (an attempt finished again on a resume) keeps its first copy: ids are derived
            // from what happened, so it is the same statement.
            let record = StatementRecord(id: statement.id, attemptID: attempt, verb: statement.verb.id,
                                         timestamp: statement.timestamp,
                                         body: String(decoding: try statement.json(), as: UTF8.self))
            try record.insert(db, onConflict: .ignore)
        }
    }

    /// The attempt as its statements name it.
    static func reference(_ attempt: Int64, _ db: Database) throws -> AttemptReference? {
        guard let record = try AttemptRecord.fetchOne(db, key: attempt),
              let activity = ActivityKind(rawValue: record.activity), let uuid = record.uuid else { return nil }
        return AttemptReference(registration: uuid, moduleID: record.moduleID, moduleVersion: record.moduleVersion,
                                activity: activity, number: record.number ?? 1)
    }

    /// Whether an `answered` statement was queued for the attempt: a store written before answers were told only
    /// once confirmed (the video task's check, the test's finish) told each one as it was given.
    package func hasAnsweredStatements(attempt: Int64) throws(ProgressError) -> Bool {
        try read { db in
            try StatementRecord.filter(StatementRecord.Columns.attemptID == attempt
                                       && StatementRecord.Columns.verb == ADLVerb.answered.id).isEmpty(db) == false
        }
    }

    /// Statements the record store at `endpoint` has neither accepted nor refused, oldest first.
    package func unsentStatements(to endpoint: String, limit: Int) throws(ProgressError) -> [QueuedStatement] {
        try read { db in
            let statement = TableAlias()
            let delivered = DeliveryRecord
                .filter(DeliveryRecord.Columns.endpoint == endpoint
                        && DeliveryRecord.Columns.position == statement[StatementRecord.Columns.position])
                .exists()
            return try StatementRecord.aliased(statement).filter(!delivered)
                .order(StatementRecord.Columns.position).limit(limit)
                .fetchAll(db).compactMap(Self.queued)
        }
    }

    /// Every statement, sent or not, oldest first.
    package func allStatements() throws(ProgressError) -> [QueuedStatement] {
        try read { db in
            try StatementRecord.order(StatementRecord.Columns.position).fetchAll(db).compactMap(Self.queued)
        }
    }

    private static func queued(_ record: StatementRecord) -> QueuedStatement? {
        record.position.map { QueuedStatement(position: $0, id: record.id, body: record.body) }
    }

    package func deliveryCounts(to endpoint: String) throws(ProgressError) -> DeliveryCounts {
        try read { db in
            let total = try StatementRecord.fetchCount(db)
            let deliveries = DeliveryRecord.filter(DeliveryRecord.Columns.endpoint == endpoint)
            var counts = DeliveryCounts()
            counts.accepted = try deliveries.filter(DeliveryRecord.Columns.outcome == DeliveryOutcome.accepted).fetchCount(db)
            counts.refused = try deliveries.filter(DeliveryRecord.Columns.outcome == DeliveryOutcome.refused).fetchCount(db)
            counts.unsent = total - counts.accepted - counts.refused
            return counts
        }
    }

    /// The record store at `endpoint` accepted these statements.
    package func markAccepted(_ statements: [QueuedStatement], by endpoint: String, at now: Date) throws(ProgressError) {
        try write { db in
            for statement in statements {
                try DeliveryRecord(endpoint: endpoint, position: statement.position, at: now, outcome: .accepted)
                    .insert(db, onConflict: .replace)
            }
        }
    }

    /// The record store at `endpoint` refused this statement on its own, for `reason`: it is not sent there again.
    package func markRefused(_ statement: QueuedStatement, by endpoint: String, reason: String, at now: Date) throws(ProgressError) {
        try write { db in
            try DeliveryRecord(endpoint: endpoint, position: statement.position, at: now, outcome: .refused, reason: reason)
                .insert(db, onConflict: .replace)
        }
    }
}

/// Who the learner is, as statements name them: said once to `sync` and remembered in the store.
extension ProgressStore {
    private enum LearnerKey {
        static let name = "learner-name"
        static let email = "learner-email"
    }

    package func learner() -> Agent? {
        guard let email = setting(LearnerKey.email) else { return nil }
        return Agent(name: setting(LearnerKey.name), mbox: "mailto:" + email)
    }

    /// Remembers the learner's address and, when given, their name (each may be changed alone).
    package func setLearner(email: String?, name: String?) throws(ProgressError) {
        try write { db in
            for (key, value) in [(LearnerKey.email, email), (LearnerKey.name, name)] {
                guard let value else { continue }
                try SettingRecord(key: key, value: value).insert(db, onConflict: .replace)
            }
        }
    }
}
