import Foundation
import GRDB
import LessonpackModel

/// The database's schema, one migration per change, never edited once released: learners' files are upgraded in
/// place by running the migrations they have not had yet. A file with a migration this build does not know was
/// written by a newer Lessonpack, and is not touched.
enum ProgressSchema {
    /// How many migrations this build knows: the schema version it writes.
    static let version = 4

    /// Which Lessonpack wrote a store whose schema is newer than this build's, or nil when this build can use it.
    static func newerWriter(_ db: Database) throws -> String? {
        guard try db.tableExists("grdb_migrations"), try migrator.hasBeenSuperseded(db) else { return nil }
        let applied = try migrator.appliedIdentifiers(db)
        let writer = try db.tableExists(StoreInfoRecord.databaseTableName)
            ? try StoreInfoRecord.fetchOne(db, key: StoreInfoRecord.writtenBy)?.value : nil
        return "\(writer ?? "a newer lessonpack") (schema \(applied.count))"
    }

    /// Records which Lessonpack last wrote the store, so an older one can name it when it refuses the file.
    static func noteWriter(_ db: Database) throws {
        let writer = "lessonpack \(ToolVersion.current)"
        // Written only when another build wrote last: this runs on every start of the player.
        let noted = try StoreInfoRecord.filter(key: StoreInfoRecord.writtenBy)
            .select(StoreInfoRecord.Columns.value, as: String.self).fetchOne(db)
        guard noted != writer else { return }
        try StoreInfoRecord(key: StoreInfoRecord.writtenBy, value: writer).insert(db, onConflict: .replace)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1: modules, attempts, actions, results") { db in
            try db.create(table: "module") { table in
                table.column("id", .text).notNull()
                table.column("version", .text).notNull()
                table.column("title", .text).notNull()
                table.column("firstSeen", .datetime).notNull()
                table.column("lastSeen", .datetime).notNull()
                table.primaryKey(["id", "version"])
            }
            try db.create(table: "attempt") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("moduleID", .text).notNull().indexed()
                table.column("moduleVersion", .text).notNull()
                table.column("activity", .text).notNull()
                table.column("seed", .integer).notNull()
                // JSON: what the engine was created with (difficulty, history) so a resume recreates it exactly.
                table.column("setup", .text).notNull()
                table.column("state", .text).notNull()   // in-progress, finished, abandoned (and from 3, superseded)
                table.column("startedAt", .datetime).notNull()
                table.column("finishedAt", .datetime)
                table.column("scoreCorrect", .integer)
                table.column("scoreTotal", .integer)
                table.column("result", .text)            // the ActivityResult, as JSON
            }
            // Every answer and move, in order, as it happens: replaying them on an engine made from the same seed
            // and setup restores the attempt exactly.
            try db.create(table: "action") { table in
                table.column("attemptID", .integer).notNull().references("attempt", onDelete: .cascade)
                table.column("sequence", .integer).notNull()
                table.column("kind", .text).notNull()
                table.column("item", .text)
                table.column("value", .text)
                table.column("at", .datetime).notNull()
                table.primaryKey(["attemptID", "sequence"])
            }
            // Per item of a finished attempt, with a hash of the item's content: a newer version of the module
            // keeps the history of items whose content did not change.
            try db.create(table: "resultItem") { table in
                table.column("attemptID", .integer).notNull().references("attempt", onDelete: .cascade)
                table.column("moduleID", .text).notNull()
                table.column("activity", .text).notNull()
                table.column("itemID", .text).notNull()
                table.column("contentHash", .text).notNull()
                table.column("outcome", .text).notNull()
                table.column("objective", .text)
                table.primaryKey(["attemptID", "itemID"])
            }
            try db.create(index: "resultItemByModule", on: "resultItem", columns: ["moduleID", "itemID"])
            // No longer read: help now opens until the learner hides it (the 'hidden-help' setting). The table
            // stays, as a migration is kept as it was written.
            try db.create(table: "helpSeen") { table in
                table.column("screen", .text).primaryKey()
            }
        }
        migrator.registerMigration("2: which lessonpack wrote the store") { db in
            try db.create(table: "storeInfo") { table in
                table.column("key", .text).primaryKey()
                table.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("3: typed attempts: numbers, exact times, what they use, typed results; settings") { db in
            try db.alter(table: "attempt") { table in
                // Per module and activity, from 1: with the session's seed, what an attempt's deal is made from.
                table.add(column: "number", .integer)
                // 1: the strings of schemas 1 and 2; 2: the engines' own setup and actions, as JSON.
                table.add(column: "format", .integer).notNull().defaults(to: 1)
                // A hash of the content of the module's parts the attempt uses: it carries over to a new version of
                // the module only when they read the same.
                table.add(column: "parts", .text)
                // Seconds since 2001, exactly as the engine saw them (startedAt keeps milliseconds only).
                table.add(column: "startedMoment", .double)
                // Why an attempt was closed without being finished ('superseded').
                table.add(column: "closedReason", .text)
            }
            try db.execute(sql: """
                UPDATE attempt SET number = (SELECT COUNT(*) FROM attempt AS earlier WHERE earlier.moduleID = attempt.moduleID
                                             AND earlier.activity = attempt.activity AND earlier.id <= attempt.id)
                """)
            try db.create(index: "attemptByActivity", on: "attempt", columns: ["moduleID", "activity", "number"])
            try db.alter(table: "action") { table in
                // Format 2: the engine's action, as JSON (`kind` keeps its case name, for people reading the log).
                table.add(column: "payload", .text)
                table.add(column: "moment", .double)
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, result FROM attempt WHERE result IS NOT NULL") {
                let id: Int64 = row["id"]
                if let converted = LegacyRecords.convertResult(row["result"]) {
                    try db.execute(sql: "UPDATE attempt SET result = ? WHERE id = ?", arguments: [converted, id])
                }
            }
            // What the learner chooses for themselves (listening first), remembered between sessions.
            try db.create(table: "setting") { table in
                table.column("key", .text).primaryKey()
                table.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("4: attempts' UUIDs; the xAPI statements waiting to be sent") { db in
            try db.alter(table: "attempt") { table in
                // The registration of every statement about the attempt: unique across learners and machines.
                table.add(column: "uuid", .text)
            }
            for id in try Int64.fetchAll(db, sql: "SELECT id FROM attempt") {
                try db.execute(sql: "UPDATE attempt SET uuid = ? WHERE id = ?", arguments: [UUID().uuidString.lowercased(), id])
            }
            try db.create(index: "attemptByUUID", on: "attempt", columns: ["uuid"], options: .unique)
            // Written in the same transaction as what they tell of, so nothing done offline is lost; kept once sent.
            try db.create(table: "statement") { table in
                table.autoIncrementedPrimaryKey("position")
                table.column("id", .text).notNull().unique()
                table.column("attemptID", .integer)
                table.column("verb", .text).notNull()
                table.column("timestamp", .text).notNull()
                table.column("body", .text).notNull()          // the statement as JSON, without its actor
            }
            // What became of each statement at each record store it was sent to: a store set up later gets them all.
            try db.create(table: "delivery") { table in
                table.column("endpoint", .text).notNull()
                table.column("position", .integer).notNull().references("statement", column: "position", onDelete: .cascade)
                table.column("at", .datetime).notNull()
                table.column("outcome", .text).notNull()       // accepted, or refused (with why: the store said so)
                table.column("reason", .text)
                table.primaryKey(["endpoint", "position"])
            }
        }
        return migrator
    }
}
