import GRDB
import LessonpackModel

/// The database's schema, one migration per change, never edited once released: learners' files are upgraded in
/// place by running the migrations they have not had yet. A file with a migration this build does not know was
/// written by a newer Lessonpack, and is not touched.
enum ProgressSchema {
    /// How many migrations this build knows: the schema version it writes.
    static let version = 2

    /// Which Lessonpack wrote a store whose schema is newer than this build's, or nil when this build can use it.
    static func newerWriter(_ db: Database) throws -> String? {
        guard try db.tableExists("grdb_migrations"), try migrator.hasBeenSuperseded(db) else { return nil }
        let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        let writer = try db.tableExists("storeInfo")
            ? try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'writtenBy'") : nil
        return "\(writer ?? "a newer lessonpack") (schema \(applied.count))"
    }

    /// Records which Lessonpack last wrote the store, so an older one can name it when it refuses the file.
    static func noteWriter(_ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO storeInfo (key, value) VALUES ('writtenBy', ?)",
                       arguments: ["lessonpack \(ToolVersion.current)"])
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
                table.column("state", .text).notNull()   // in-progress, finished, abandoned
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
        return migrator
    }
}
