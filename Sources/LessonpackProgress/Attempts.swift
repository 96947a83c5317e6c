import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel
import LessonpackXAPI

/// An attempt the learner left unfinished (or that was cut short), as the resume prompt shows it.
package struct UnfinishedAttempt: Sendable, Equatable {
    package var id: Int64
    package var moduleVersion: String
    package var activity: ActivityKind
    /// The attempt's number among the learner's attempts at this activity of this module, from 1.
    package var number: Int
    /// How many actions it holds.
    package var steps: Int
    package var startedAt: Date
}

/// An unfinished attempt read back to be carried on: its setup and every action, as the engine's own types.
package struct SavedAttempt<Engine: ActivityEngine>: Sendable {
    package var id: Int64
    package var number: Int
    package var seed: UInt64
    package var setup: Engine.Setup
    package var startedAt: Date
    package var actions: [(action: Engine.Action, at: Date)]
}

/// What became of an unfinished attempt when the player looked at it again.
package enum CarryOver<Engine: ActivityEngine>: Sendable {
    /// It can go on: the parts it uses read as they did when it started.
    case resume(SavedAttempt<Engine>)
    /// It was closed, kept in the history but not carried on, for the reason given (a sentence's end: "its items
    /// changed in version 1.1.0").
    case closed(reason: String)
}

/// The format of an attempt's setup and actions: 1 for the strings of stores before schema 3, 2 for the engines'
/// own `Codable` types as JSON.
enum AttemptFormat {
    static let legacy = 1
    static let typed = 2
}

extension ProgressStore {
    /// The player opened `module`: noted, with the statement that says so.
    package func noteModuleSeen(_ module: Module, at now: Date) throws(ProgressError) {
        let launched = StatementBuilder.launched(module, session: UUID().uuidString.lowercased(), at: now)
        try write { db in
            try db.execute(sql: """
                INSERT INTO module (id, version, title, firstSeen, lastSeen) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id, version) DO UPDATE SET lastSeen = excluded.lastSeen, title = excluded.title
                """, arguments: [module.id, module.version, module.title, now, now])
            try Self.queue([launched], attempt: nil, db)
        }
    }

    /// The number the next attempt at `activity` gets: one more than any attempt so far, whatever became of it.
    package func nextAttemptNumber(moduleID: String, activity: ActivityKind) throws(ProgressError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(number), 0) + 1 FROM attempt WHERE moduleID = ? AND activity = ?",
                             arguments: [moduleID, activity.rawValue]) ?? 1
        }
    }

    /// Starts an attempt from its setup. `parts` is the hash of the module's parts the setup uses.
    package func startAttempt<Engine: ActivityEngine>(_ engine: Engine.Type, module: Module, number: Int, seed: UInt64,
                                                     setup: Engine.Setup, startedAt: Date) throws(ProgressError) -> Int64 {
        let parts = ModuleParts.hash(Engine.parts(of: setup, in: module), in: module)
        let reference = AttemptReference(registration: UUID().uuidString.lowercased(), moduleID: module.id,
                                         moduleVersion: module.version, activity: Engine.kind, number: number)
        return try write { db in
            try db.execute(sql: """
                INSERT INTO attempt (moduleID, moduleVersion, activity, number, seed, format, setup, parts, state,
                                     startedAt, startedMoment, uuid)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'in-progress', ?, ?, ?)
                """, arguments: [module.id, module.version, Engine.kind.rawValue, number, Int64(bitPattern: seed),
                                 AttemptFormat.typed, StoredJSON.encode(setup), parts, startedAt,
                                 startedAt.timeIntervalSinceReferenceDate, reference.registration])
            let id = db.lastInsertedRowID
            try Self.queue([StatementBuilder.initialized(reference, module: module, at: startedAt)], attempt: id, db)
            return id
        }
    }

    /// What finishing an attempt writes: its result, and per item a hash of the item's content (item id → hash) that
    /// keys the per-item history.
    package struct Finishing: Sendable {
        package var module: Module
        package var result: ActivityResult
        package var contentHashes: [String: String]

        package init(module: Module, result: ActivityResult, contentHashes: [String: String]) {
            self.module = module
            self.result = result
            self.contentHashes = contentHashes
        }
    }

    /// Appends one action to an attempt's log, durably, before returning: the player applies it only after. An
    /// action that ends the attempt is saved with its result, in the same transaction, so no attempt is ever
    /// finished in its log and open in the store. `answered` are the items whose answer the action gave or
    /// changed: their statements are queued in the same transaction.
    package func record<Engine: ActivityEngine>(_ action: Engine.Action, of engine: Engine.Type, in attempt: Int64,
                                               module: Module, answered: [ItemOutcome] = [], at now: Date,
                                               finishing: Finishing? = nil) throws(ProgressError) {
        let payload = StoredJSON.encode(action)
        let kind = action.storedName
        try write { db in
            let next = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(sequence), 0) + 1 FROM action WHERE attemptID = ?",
                                        arguments: [attempt]) ?? 1
            try db.execute(sql: """
                INSERT INTO action (attemptID, sequence, kind, payload, at, moment) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [attempt, next, kind, payload, now, now.timeIntervalSinceReferenceDate])
            if !answered.isEmpty, let reference = try Self.reference(attempt, db) {
                try Self.queue(answered.compactMap {
                    StatementBuilder.answered($0, reference, module: module, sequence: next, at: now)
                }, attempt: attempt, db)
            }
            if let finishing { try Self.finish(attempt, finishing, db) }
        }
    }

    /// Closes an attempt with its result.
    package func finish(_ attempt: Int64, module: Module, result: ActivityResult,
                       contentHashes: [String: String]) throws(ProgressError) {
        try write { db in
            try Self.finish(attempt, Finishing(module: module, result: result, contentHashes: contentHashes), db)
        }
    }

    private static func finish(_ attempt: Int64, _ finishing: Finishing, _ db: Database) throws {
        let result = finishing.result
        try db.execute(sql: """
            UPDATE attempt SET state = 'finished', finishedAt = ?, scoreCorrect = ?, scoreTotal = ?, result = ?
            WHERE id = ?
            """, arguments: [result.finishedAt, result.score?.correct, result.score?.total, StoredJSON.encode(result), attempt])
        for item in result.items {
            try db.execute(sql: """
                INSERT OR REPLACE INTO resultItem (attemptID, moduleID, activity, itemID, contentHash, outcome, objective)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [attempt, finishing.module.id, result.activity.rawValue, item.id,
                                 finishing.contentHashes[item.id] ?? "", item.outcome.rawValue, item.objective])
        }
        if let reference = try reference(attempt, db) {
            try queue(StatementBuilder.finished(reference, result: result, module: finishing.module), attempt: attempt, db)
        }
    }

    /// The statement that an attempt ended without being finished.
    private static func queueTerminated(_ attempt: Int64, at now: Date, _ db: Database) throws {
        guard let reference = try reference(attempt, db),
              let row = try Row.fetchOne(db, sql: "SELECT startedAt, startedMoment FROM attempt WHERE id = ?", arguments: [attempt])
        else { return }
        let started = moment(row["startedMoment"], row["startedAt"])
        try queue([StatementBuilder.terminated(reference, module: nil, startedAt: started, at: now)], attempt: attempt, db)
    }

    /// The learner set the attempt aside (started afresh, or another game).
    package func abandon(_ attempt: Int64, at now: Date) throws(ProgressError) {
        try write { db in
            try db.execute(sql: "UPDATE attempt SET state = 'abandoned', finishedAt = ? WHERE id = ? AND state = 'in-progress'",
                           arguments: [now, attempt])
            if db.changesCount > 0 { try Self.queueTerminated(attempt, at: now, db) }
        }
    }

    /// The unfinished attempts at this module, newest first.
    package func unfinishedAttempts(moduleID: String) throws(ProgressError) -> [UnfinishedAttempt] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT attempt.*, (SELECT COUNT(*) FROM action WHERE attemptID = attempt.id) AS steps FROM attempt
                WHERE moduleID = ? AND state = 'in-progress' ORDER BY id DESC
                """, arguments: [moduleID]).compactMap { row in
                guard let activity = ActivityKind(rawValue: row["activity"]) else { return nil }
                return UnfinishedAttempt(id: row["id"], moduleVersion: row["moduleVersion"], activity: activity,
                                         number: row["number"] ?? 1, steps: row["steps"], startedAt: row["startedAt"])
            }
        }
    }

    /// Reads an unfinished attempt back to carry it on with `module`, or closes it when it cannot be: when the parts
    /// of the module it uses no longer read as they did (a new version changed its items), or when it cannot be read.
    /// An attempt from a store before schema 3 is rewritten in today's form first.
    package func carryOver<Engine: ActivityEngine>(_ attempt: Int64, as engine: Engine.Type, module: Module,
                                                  at now: Date) throws(ProgressError) -> CarryOver<Engine> {
        guard let row = try read({ db in try Row.fetchOne(db, sql: "SELECT * FROM attempt WHERE id = ?", arguments: [attempt]) })
        else { return .closed(reason: "it is no longer in the store") }
        let version: String = row["moduleVersion"]
        if (row["format"] as Int?) != AttemptFormat.typed {
            // Older stores kept no record of what the attempt used: it goes on only with the version it began with.
            guard version == module.version else {
                return try close(attempt, because: "it was begun with version \(version), by an older Lessonpack that " +
                                 "did not record what it used", at: now)
            }
            try rewriteLegacy(row, as: Engine.self, module: module)
        }
        guard let saved = try read({ db in try Self.saved(Engine.self, attempt, db) }) else {
            return try close(attempt, because: "its saved steps cannot be read", at: now)
        }
        let parts = ModuleParts.hash(Engine.parts(of: saved.setup, in: module), in: module)
        let recorded: String? = try read { db in
            try String.fetchOne(db, sql: "SELECT parts FROM attempt WHERE id = ?", arguments: [attempt])
        }
        guard parts == recorded else {
            let change = version == module.version ? "the module has been edited since" : "they changed in version \(module.version)"
            return try close(attempt, because: "the items it uses are not the same any more: \(change)", at: now)
        }
        if version != module.version {
            try write { db in
                try db.execute(sql: "UPDATE attempt SET moduleVersion = ? WHERE id = ?", arguments: [module.version, attempt])
            }
        }
        return .resume(saved)
    }

    private func close<Engine: ActivityEngine>(_ attempt: Int64, because reason: String,
                                               at now: Date) throws(ProgressError) -> CarryOver<Engine> {
        try write { db in
            try db.execute(sql: "UPDATE attempt SET state = 'superseded', finishedAt = ?, closedReason = ? WHERE id = ?",
                           arguments: [now, reason, attempt])
            try Self.queueTerminated(attempt, at: now, db)
        }
        return .closed(reason: reason)
    }

    private func rewriteLegacy<Engine: ActivityEngine>(_ row: Row, as engine: Engine.Type,
                                                       module: Module) throws(ProgressError) {
        let id: Int64 = row["id"]
        let activity = Engine.kind
        let setup = StoredJSON.decode([String: String].self, row["setup"]) ?? [:]
        let seed = UInt64(bitPattern: row["seed"])
        let steps = try read { db in
            try Row.fetchAll(db, sql: "SELECT kind, item, value, at FROM action WHERE attemptID = ? ORDER BY sequence",
                             arguments: [id]).map { step in
                LegacyAttempt.Step(kind: step["kind"], item: step["item"], value: step["value"], at: step["at"])
            }
        }
        guard let converted = LegacyRecords.convertAttempt(activity, setup: setup, seed: seed, steps: steps,
                                                           module: module) else { return }
        let parts = ModuleParts.hash(StoredJSON.decode(Engine.Setup.self, converted.setup)
            .map { Engine.parts(of: $0, in: module) } ?? [], in: module)
        try write { db in
            try db.execute(sql: "DELETE FROM action WHERE attemptID = ?", arguments: [id])
            for (index, action) in converted.actions.enumerated() {
                try db.execute(sql: """
                    INSERT INTO action (attemptID, sequence, kind, payload, at, moment) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [id, index + 1, action.kind, action.payload, action.at,
                                     action.at.timeIntervalSinceReferenceDate])
            }
            try db.execute(sql: "UPDATE attempt SET format = ?, setup = ?, parts = ? WHERE id = ?",
                           arguments: [AttemptFormat.typed, converted.setup, parts, id])
        }
    }

    private static func saved<Engine: ActivityEngine>(_ engine: Engine.Type, _ id: Int64, _ db: Database) throws
        -> SavedAttempt<Engine>? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM attempt WHERE id = ?", arguments: [id]),
              let setup = StoredJSON.decode(Engine.Setup.self, row["setup"]) else { return nil }
        var actions: [(action: Engine.Action, at: Date)] = []
        for step in try Row.fetchAll(db, sql: "SELECT payload, at, moment FROM action WHERE attemptID = ? ORDER BY sequence",
                                     arguments: [id]) {
            guard let payload: String = step["payload"], let action = StoredJSON.decode(Engine.Action.self, payload) else {
                return nil
            }
            actions.append((action, moment(step["moment"], step["at"])))
        }
        return SavedAttempt(id: id, number: row["number"] ?? 1, seed: UInt64(bitPattern: row["seed"]), setup: setup,
                            startedAt: moment(row["startedMoment"], row["startedAt"]), actions: actions)
    }

    /// A time as the engine saw it: the exact seconds when recorded, else the (millisecond) date stored beside them.
    private static func moment(_ exact: Double?, _ stored: Date) -> Date {
        exact.map(Date.init(timeIntervalSinceReferenceDate:)) ?? stored
    }

    /// The setup of the most recent attempt at an activity, whatever became of it: what a new deal must differ from.
    package func lastSetup<Engine: ActivityEngine>(_ engine: Engine.Type, module: Module) throws(ProgressError)
        -> Engine.Setup? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT format, setup, seed FROM attempt WHERE moduleID = ? AND activity = ? ORDER BY id DESC LIMIT 1
                """, arguments: [module.id, Engine.kind.rawValue]) else { return nil }
            var text: String = row["setup"]
            if (row["format"] as Int?) != AttemptFormat.typed {
                let legacy = StoredJSON.decode([String: String].self, text) ?? [:]
                guard let converted = LegacyRecords.convertAttempt(Engine.kind, setup: legacy, seed: UInt64(bitPattern: row["seed"]),
                                                                   steps: [], module: module) else { return nil }
                text = converted.setup
            }
            return StoredJSON.decode(Engine.Setup.self, text)
        }
    }
}
