import Foundation
import GRDB

// The rows of the store's tables as GRDB records, read and written through the query interface: a column's name is
// spelled once, in its record's `Columns`. The tables themselves are made by `ProgressSchema`'s migrations, which stay
// SQL (and never use these types), because a migration must read and write the schema as it was then, not as these
// records are now. JSON columns (an attempt's setup and result, an action's payload, a statement's body) stay text
// here, written and read by `StoredJSON`: the same value is always the same text, and one row that no longer decodes
// leaves the others readable.

/// What became of an attempt, as the `attempt` table's `state` column spells it.
enum AttemptState: String, Codable, DatabaseValueConvertible, Sendable {
    /// Begun and not yet finished: the player offers to carry it on.
    case inProgress = "in-progress"
    case finished
    /// Set aside by the learner (started afresh, or another game).
    case abandoned
    /// Closed by the player because it could not go on (its items changed); kept in the history, never resumed.
    case superseded
}

/// A module the learner has opened, per version.
struct ModuleRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "module"

    var id: String
    var version: String
    var title: String
    var firstSeen: Date
    var lastSeen: Date

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let lastSeen = Column(CodingKeys.lastSeen)
        static let title = Column(CodingKeys.title)
    }
}

/// One attempt at one activity of a module.
struct AttemptRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "attempt"

    /// Nil until inserted: SQLite numbers attempts.
    var id: Int64?
    var moduleID: String
    var moduleVersion: String
    /// An `ActivityKind`'s raw value; a kind this build does not know is skipped, not an error.
    var activity: String
    /// The session's seed, its bits kept as a signed 64-bit integer.
    var seed: Int64
    /// JSON: what the engine was created with (a dictionary of strings in format 1).
    var setup: String
    var state: AttemptState
    var startedAt: Date
    var finishedAt: Date?
    var scoreCorrect: Int?
    var scoreTotal: Int?
    /// JSON: the `ActivityResult` of a finished attempt.
    var result: String?
    /// From schema 3 on; nil only in stores that never had it filled.
    var number: Int?
    var format: Int
    var parts: String?
    var startedMoment: Double?
    var closedReason: String?
    var uuid: String?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let moduleID = Column(CodingKeys.moduleID)
        static let moduleVersion = Column(CodingKeys.moduleVersion)
        static let activity = Column(CodingKeys.activity)
        static let state = Column(CodingKeys.state)
        static let finishedAt = Column(CodingKeys.finishedAt)
        static let scoreCorrect = Column(CodingKeys.scoreCorrect)
        static let scoreTotal = Column(CodingKeys.scoreTotal)
        static let result = Column(CodingKeys.result)
        static let number = Column(CodingKeys.number)
        static let format = Column(CodingKeys.format)
        static let setup = Column(CodingKeys.setup)
        static let parts = Column(CodingKeys.parts)
        static let closedReason = Column(CodingKeys.closedReason)
    }

    /// The attempts at one activity of a module.
    static func at(moduleID: String, activity: String) -> QueryInterfaceRequest<AttemptRecord> {
        filter(Columns.moduleID == moduleID && Columns.activity == activity)
    }

    /// The time the attempt began as the engine saw it: exact when recorded, else the (millisecond) stored date.
    var startMoment: Date {
        startedMoment.map(Date.init(timeIntervalSinceReferenceDate:)) ?? startedAt
    }
}

/// One action of an attempt, in the order it was taken.
struct ActionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "action"

    var attemptID: Int64
    var sequence: Int
    /// The action's case name, for people reading the log (format 1: the action itself, with `item` and `value`).
    var kind: String
    var item: String?
    var value: String?
    var at: Date
    /// Format 2: the engine's action, as JSON.
    var payload: String?
    var moment: Double?

    enum Columns {
        static let attemptID = Column(CodingKeys.attemptID)
        static let sequence = Column(CodingKeys.sequence)
    }

    /// An attempt's actions, in the order they were taken.
    static func of(_ attempt: Int64) -> QueryInterfaceRequest<ActionRecord> {
        filter(Columns.attemptID == attempt).order(Columns.sequence)
    }

    /// The time of the action as the engine saw it.
    var exactMoment: Date {
        moment.map(Date.init(timeIntervalSinceReferenceDate:)) ?? at
    }
}

/// One item of a finished attempt, with a hash of the item's content when it was answered.
struct ResultItemRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "resultItem"

    var attemptID: Int64
    var moduleID: String
    var activity: String
    var itemID: String
    var contentHash: String
    /// An `ItemOutcome.Outcome`'s raw value.
    var outcome: String
    var objective: String?

    enum Columns {
        static let attemptID = Column(CodingKeys.attemptID)
        static let moduleID = Column(CodingKeys.moduleID)
        static let outcome = Column(CodingKeys.outcome)
    }
}

/// A setting the learner chose, remembered between sessions.
struct SettingRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "setting"

    var key: String
    var value: String
}

/// Which Lessonpack last wrote the store.
struct StoreInfoRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storeInfo"
    static let writtenBy = "writtenBy"

    var key: String
    var value: String
}

/// An xAPI statement waiting to be sent, or kept once sent.
struct StatementRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "statement"

    /// Nil until inserted: SQLite numbers statements in the order they are queued.
    var position: Int64?
    var id: String
    var attemptID: Int64?
    var verb: String
    var timestamp: String
    /// The statement as JSON, without its actor.
    var body: String

    enum Columns {
        static let position = Column(CodingKeys.position)
        static let attemptID = Column(CodingKeys.attemptID)
        static let verb = Column(CodingKeys.verb)
    }
}

/// What a record store made of a statement.
enum DeliveryOutcome: String, Codable, DatabaseValueConvertible, Sendable {
    case accepted
    /// Refused on its own (invalid to that store, or in conflict with what it holds): not sent there again.
    case refused
}

/// What became of one statement at one record store.
struct DeliveryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "delivery"

    var endpoint: String
    var position: Int64
    var at: Date
    var outcome: DeliveryOutcome
    var reason: String?

    enum Columns {
        static let endpoint = Column(CodingKeys.endpoint)
        static let position = Column(CodingKeys.position)
        static let outcome = Column(CodingKeys.outcome)
    }
}
