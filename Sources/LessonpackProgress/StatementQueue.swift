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
    package var sentAt: Date?
}

/// The xAPI statements of what the learner did, kept in the progress store beside the attempts they tell of and
/// written in the same transactions, until `sync` has seen a record store accept them; kept after that, marked sent,
/// for `progress --format xapi` and for a store set up later.
extension ProgressStore {
    static func queue(_ statements: [XAPIStatement], attempt: Int64?, _ db: Database) throws {
        for statement in statements {
            // A statement made twice (an attempt finished again on a resume) keeps its first copy: ids are derived
            // from what happened, so it is the same statement.
            try db.execute(sql: """
                INSERT OR IGNORE INTO statement (id, attemptID, verb, timestamp, body) VALUES (?, ?, ?, ?, ?)
                """, arguments: [statement.id, attempt, statement.verb.id, statement.timestamp,
                                 String(decoding: statement.json(), as: UTF8.self)])
        }
    }

    /// The attempt as its statements name it.
    static func reference(_ attempt: Int64, _ db: Database) throws -> AttemptReference? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM attempt WHERE id = ?", arguments: [attempt]),
              let activity = ActivityKind(rawValue: row["activity"]), let uuid: String = row["uuid"] else { return nil }
        return AttemptReference(registration: uuid, moduleID: row["moduleID"], moduleVersion: row["moduleVersion"],
                                activity: activity, number: row["number"] ?? 1)
    }

    /// Statements not yet accepted by a record store, oldest first.
    package func unsentStatements(limit: Int) throws(ProgressError) -> [QueuedStatement] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT position, id, body, sentAt FROM statement WHERE sentAt IS NULL ORDER BY position LIMIT ?
                """, arguments: [limit]).map(Self.queued)
        }
    }

    /// Every statement, sent or not, oldest first.
    package func allStatements() throws(ProgressError) -> [QueuedStatement] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT position, id, body, sentAt FROM statement ORDER BY position").map(Self.queued)
        }
    }

    private static func queued(_ row: Row) -> QueuedStatement {
        QueuedStatement(position: row["position"], id: row["id"], body: row["body"], sentAt: row["sentAt"])
    }

    /// How many statements wait to be sent, and how many were.
    package func statementCounts() throws(ProgressError) -> (unsent: Int, sent: Int) {
        try read { db in
            let unsent = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM statement WHERE sentAt IS NULL") ?? 0
            let sent = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM statement WHERE sentAt IS NOT NULL") ?? 0
            return (unsent, sent)
        }
    }

    /// The record store at `lrs` accepted these statements.
    package func markSent(_ ids: [String], to lrs: String, at now: Date) throws(ProgressError) {
        try write { db in
            for id in ids {
                try db.execute(sql: "UPDATE statement SET sentAt = ?, sentTo = ? WHERE id = ? AND sentAt IS NULL",
                               arguments: [now, lrs, id])
            }
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

    package func setLearner(email: String, name: String?) throws(ProgressError) {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [LearnerKey.email, email])
            if let name {
                try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [LearnerKey.name, name])
            }
        }
    }
}
