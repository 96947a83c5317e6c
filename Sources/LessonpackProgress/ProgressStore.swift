import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel

/// The learner's progress, in SQLite: the modules they have seen, every attempt at every activity, each answer as
/// it is given. Each write is its own transaction, committed with a full sync in WAL mode before the call returns,
/// so a player killed at any moment loses at most the keystroke in flight, and the next start can resume.
public final class ProgressStore: Sendable {
    let database: DatabasePool
    public let path: String

    /// Opens (creating if needed) `progress.sqlite` in `folder`, bringing its schema up to date.
    public init(folder: String) throws(ProgressError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ProgressError("cannot create \(folder): \(error.localizedDescription)")
        }
        path = folder + "/progress.sqlite"
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            database = try DatabasePool(path: path, configuration: configuration)
            try ProgressSchema.migrator.migrate(database)
        } catch {
            throw ProgressError("cannot open the progress database \(path): \(error)")
        }
    }

    /// $LESSONPACK_DATA_DIR, else $XDG_DATA_HOME/lessonpack, else ~/.local/share/lessonpack.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let configured = environment["LESSONPACK_DATA_DIR"], !configured.isEmpty { return configured }
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.local/share"
        return base + "/lessonpack"
    }

    func write<T>(_ work: (Database) throws -> T) throws(ProgressError) -> T {
        do { return try database.write(work) } catch { throw ProgressError("cannot save progress: \(error)") }
    }

    func read<T>(_ work: (Database) throws -> T) throws(ProgressError) -> T {
        do { return try database.read(work) } catch { throw ProgressError("cannot read progress: \(error)") }
    }

    /// SQLite's own consistency check: "ok" when the file is sound.
    public func integrityCheck() throws(ProgressError) -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }
}

public struct ProgressError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
