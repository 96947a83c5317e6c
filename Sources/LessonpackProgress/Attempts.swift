import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel

/// One step of an attempt, as logged: what the learner did, to which item, with what value.
public struct RecordedAction: Sendable, Equatable, Codable {
    public var kind: String
    public var item: String?
    public var value: String?
    public var at: Date

    public init(_ kind: String, item: String? = nil, value: String? = nil, at: Date) {
        self.kind = kind
        self.item = item
        self.value = value
        self.at = at
    }
}

/// An attempt the learner left unfinished (or that was cut short), with everything needed to carry on.
public struct UnfinishedAttempt: Sendable, Equatable {
    public var id: Int64
    public var moduleVersion: String
    public var activity: ActivityKind
    public var seed: UInt64
    public var setup: [String: String]
    public var startedAt: Date
    public var actions: [RecordedAction]
}

extension ProgressStore {
    public func noteModuleSeen(_ module: Module, at now: Date) throws(ProgressError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO module (id, version, title, firstSeen, lastSeen) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id, version) DO UPDATE SET lastSeen = excluded.lastSeen, title = excluded.title
                """, arguments: [module.id, module.version, module.title, now, now])
        }
    }

    /// Starts an attempt. `seed` and `setup` are what the engine is created from.
    public func startAttempt(module: Module, activity: ActivityKind, seed: UInt64, setup: [String: String],
                             at now: Date) throws(ProgressError) -> Int64 {
        let setupJSON = Self.json(setup)
        return try write { db in
            try db.execute(sql: """
                INSERT INTO attempt (moduleID, moduleVersion, activity, seed, setup, state, startedAt)
                VALUES (?, ?, ?, ?, ?, 'in-progress', ?)
                """, arguments: [module.id, module.version, activity.rawValue, Int64(bitPattern: seed), setupJSON, now])
            return db.lastInsertedRowID
        }
    }

    /// Appends one action to an attempt's log, durably, before returning.
    public func record(_ action: RecordedAction, in attempt: Int64) throws(ProgressError) {
        try write { db in
            let next = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(sequence), 0) + 1 FROM action WHERE attemptID = ?",
                                        arguments: [attempt]) ?? 1
            try db.execute(sql: "INSERT INTO action (attemptID, sequence, kind, item, value, at) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [attempt, next, action.kind, action.item, action.value, action.at])
        }
    }

    /// Closes an attempt with its result. `contentHashes` (item id → hash of its content) key the per-item history.
    public func finish(_ attempt: Int64, module: Module, result: ActivityResult,
                       contentHashes: [String: String]) throws(ProgressError) {
        let encoded = (try? JSONEncoder().encode(result)).map { String(decoding: $0, as: UTF8.self) }
        try write { db in
            try db.execute(sql: """
                UPDATE attempt SET state = 'finished', finishedAt = ?, scoreCorrect = ?, scoreTotal = ?, result = ?
                WHERE id = ?
                """, arguments: [result.finishedAt, result.score?.correct, result.score?.total, encoded, attempt])
            for item in result.items {
                try db.execute(sql: """
                    INSERT OR REPLACE INTO resultItem (attemptID, moduleID, activity, itemID, contentHash, outcome, objective)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [attempt, module.id, result.activity.rawValue, item.id,
                                     contentHashes[item.id] ?? "", item.outcome.rawValue, item.objective])
            }
        }
    }

    public func abandon(_ attempt: Int64, at now: Date) throws(ProgressError) {
        try write { db in
            try db.execute(sql: "UPDATE attempt SET state = 'abandoned', finishedAt = ? WHERE id = ?", arguments: [now, attempt])
        }
    }

    /// The most recent unfinished attempt at this module, if any.
    public func unfinishedAttempt(moduleID: String) throws(ProgressError) -> UnfinishedAttempt? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT * FROM attempt WHERE moduleID = ? AND state = 'in-progress' ORDER BY id DESC LIMIT 1
                """, arguments: [moduleID]) else { return nil }
            return try Self.unfinished(row, db)
        }
    }

    /// The unfinished attempt at one activity, to carry on where the learner left it.
    public func unfinishedAttempt(moduleID: String, activity: ActivityKind) throws(ProgressError) -> UnfinishedAttempt? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT * FROM attempt WHERE moduleID = ? AND activity = ? AND state = 'in-progress' ORDER BY id DESC LIMIT 1
                """, arguments: [moduleID, activity.rawValue]) else { return nil }
            return try Self.unfinished(row, db)
        }
    }

    private static func unfinished(_ row: Row, _ db: Database) throws -> UnfinishedAttempt? {
        guard let activity = ActivityKind(rawValue: row["activity"]) else { return nil }
        let id: Int64 = row["id"]
        let actions = try Row.fetchAll(db, sql: "SELECT * FROM action WHERE attemptID = ? ORDER BY sequence",
                                       arguments: [id]).map { action in
            RecordedAction(action["kind"], item: action["item"], value: action["value"], at: action["at"])
        }
        let setupText: String = row["setup"]
        let setup = (try? JSONDecoder().decode([String: String].self, from: Data(setupText.utf8))) ?? [:]
        let seed: Int64 = row["seed"]
        return UnfinishedAttempt(id: id, moduleVersion: row["moduleVersion"], activity: activity,
                                 seed: UInt64(bitPattern: seed), setup: setup, startedAt: row["startedAt"],
                                 actions: actions)
    }

    static func json(_ value: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension ProgressStore {
    /// The setup of the most recent attempt at an activity, whatever became of it: what a new attempt must not
    /// repeat (the last arrangement, the last answer orders).
    public func lastSetup(moduleID: String, activity: ActivityKind) throws(ProgressError) -> [String: String]? {
        try read { db in
            guard let text = try String.fetchOne(db, sql: """
                SELECT setup FROM attempt WHERE moduleID = ? AND activity = ? ORDER BY id DESC LIMIT 1
                """, arguments: [moduleID, activity.rawValue]) else { return nil }
            return try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        }
    }

    /// Records extra setup learnt after the attempt started (the arrangement the engine dealt).
    public func amendSetup(_ attempt: Int64, with values: [String: String]) throws(ProgressError) {
        try write { db in
            let text = try String.fetchOne(db, sql: "SELECT setup FROM attempt WHERE id = ?", arguments: [attempt]) ?? "{}"
            var setup = (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
            setup.merge(values) { _, new in new }
            try db.execute(sql: "UPDATE attempt SET setup = ? WHERE id = ?", arguments: [Self.json(setup), attempt])
        }
    }
}
