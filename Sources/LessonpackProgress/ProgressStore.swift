import Foundation
import GRDB
import LessonpackActivities
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

/// The learner's progress, in SQLite: the modules they have seen, every attempt at every activity, each answer as
/// it is given. Each write is its own transaction, committed with a full sync in WAL mode before the call returns,
/// so a player killed at any moment loses at most the keystroke in flight, and the next start can resume.
///
/// Opening checks the file before trusting it: a store written by a newer Lessonpack (whose schema this one does
/// not know) is refused, naming the version that wrote it, rather than failing later with SQL errors; a damaged
/// store (`PRAGMA quick_check`) is moved aside, kept and never deleted, and a fresh one started, with a note saying
/// where the old one went. Another process holding the store is waited for, not raced.
package final class ProgressStore: Sendable {
    let database: any DatabaseWriter
    package let path: String
    /// What opening found and did that the learner should hear about (a damaged store moved aside).
    package let notes: [String]

    /// How long a write waits for another process that holds the store.
    package let busyTimeout: TimeInterval

    /// Opens the store in `folder` only to read it, changing nothing there: for reports, which must work in a
    /// read-only folder and must not upgrade a store an older Lessonpack still uses. A store no player is writing
    /// (no write-ahead log beside it) is read from a private copy, so not even SQLite's shared-memory file appears
    /// in the folder; one that a player is using is read in place. A store with an older schema is read through an
    /// upgraded copy. Nil when the learner has no store yet.
    package static func reading(folder: String, busyTimeout: TimeInterval = 10) throws(ProgressError) -> ProgressStore? {
        let path = folder + "/progress.sqlite"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var copy: String?
        do {
            var source = path
            if !FileManager.default.fileExists(atPath: path + "-wal") {
                let temporary = NSTemporaryDirectory() + "/lessonpack-progress-\(UUID().uuidString).sqlite"
                copy = temporary
                try copyAside(path, to: temporary)
                source = temporary
            }
            try inspect(source, busyTimeout: busyTimeout)
            var configuration = Configuration()
            configuration.readonly = copy == nil
            configuration.busyMode = .timeout(busyTimeout)
            let file = try DatabaseQueue(path: source, configuration: configuration)
            guard try file.read({ db in try ProgressSchema.migrator.hasCompletedMigrations(db) }) else {
                let upgraded = try DatabaseQueue()
                try file.backup(to: upgraded)
                try file.close()
                try ProgressSchema.migrator.migrate(upgraded)
                return ProgressStore(reading: upgraded, path: path, copy: copy, busyTimeout: busyTimeout)
            }
            return ProgressStore(reading: file, path: path, copy: copy, busyTimeout: busyTimeout)
        } catch {
            copy.map(removeCopy)
            switch error {
            case let error as ProgressError where error.code == .progressDamaged:
                throw ProgressError(.progressDamaged, "\(path) is damaged (\(error.description)); the next " +
                                    "'lessonpack play' keeps it aside and starts a new one")
            case let error as ProgressError: throw error
            case let error as DatabaseError:
                throw damage(error) ?? ProgressError(.progressUnavailable, "cannot read \(path): \(error.message ?? "\(error)")")
            default: throw ProgressError(.progressUnavailable, "cannot read \(path): \(SystemErrorText.describe(error))")
            }
        }
    }

    /// Copies the store, a regular file, to a private file only this process can read.
    private static func copyAside(_ path: String, to copy: String) throws {
        let source = try ReadableFile.open(path).get()
        let descriptor = Glibc.open(copy, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ProgressError(.progressUnavailable, "cannot copy \(path) to read it") }
        let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try source.forEachChunk { chunk in try output.write(contentsOf: Data(chunk)) }
    }

    /// A private copy read instead of the store, removed with its SQLite companions.
    private let copy: String?
    private let readOnly: Bool

    private init(reading database: any DatabaseWriter, path: String, copy: String?, busyTimeout: TimeInterval) {
        self.database = database
        self.path = path
        self.busyTimeout = busyTimeout
        self.copy = copy
        readOnly = true
        notes = []
    }

    deinit { copy.map(Self.removeCopy) }

    private static func removeCopy(_ copy: String) {
        for suffix in ["", "-wal", "-shm"] { unlink(copy + suffix) }
    }

    /// Opens (creating if needed) `progress.sqlite` in `folder`, bringing its schema up to date.
    package init(folder: String, busyTimeout: TimeInterval = 10) throws(ProgressError) {
        self.busyTimeout = busyTimeout
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ProgressError(.progressUnavailable, "cannot create \(folder): \(SystemErrorText.describe(error))")
        }
        path = folder + "/progress.sqlite"
        var notes: [String] = []
        let database: DatabasePool
        do {
            database = try Self.openChecked(path, busyTimeout: busyTimeout)
        } catch let error as ProgressError where error.code == .progressDamaged {
            let aside = try Self.moveAside(path)
            notes.append("your progress file was damaged (\(error.description)); it was kept as \(aside) and a new " +
                         "one started")
            do { database = try Self.openChecked(path, busyTimeout: busyTimeout) } catch let error as ProgressError {
                throw error
            } catch {
                throw ProgressError(.progressUnavailable, "cannot open the progress database \(path): \(SystemErrorText.describe(error))")
            }
        } catch let error as ProgressError {
            throw error
        } catch {
            throw ProgressError(.progressUnavailable, "cannot open the progress database \(path): \(SystemErrorText.describe(error))")
        }
        self.database = database
        self.notes = notes
        copy = nil
        readOnly = false
    }

    private static func openChecked(_ path: String, busyTimeout: TimeInterval) throws -> DatabasePool {
        // Looked at read-only first: opening it for writing writes to it (GRDB makes sure the WAL file exists), and
        // a store this build cannot use is not touched.
        if FileManager.default.fileExists(atPath: path) { try inspect(path, busyTimeout: busyTimeout) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let database: DatabasePool
        do { database = try DatabasePool(path: path, configuration: configuration) } catch let error as DatabaseError {
            throw damage(error) ?? error
        }
        do {
            try ProgressSchema.migrator.migrate(database)
            try database.write { db in try ProgressSchema.noteWriter(db) }
        } catch let error as DatabaseError {
            throw damage(error) ?? error
        }
        return database
    }

    /// Refuses a store that is damaged or that a newer Lessonpack wrote, reading it without changing it.
    private static func inspect(_ path: String, busyTimeout: TimeInterval) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            let check = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            guard check == ["ok"] else {
                throw ProgressError(.progressDamaged, check.first.map { "SQLite says: \($0)" } ?? "SQLite's check failed")
            }
            if let newer = try queue.read({ db in try ProgressSchema.newerWriter(db) }) {
                throw ProgressError(.progressNewerSchema, "\(path) was written by \(newer), newer than this lessonpack " +
                                    "(\(ToolVersion.current), schema \(ProgressSchema.version)), which cannot read it: " +
                                    "update lessonpack, or use --data-dir for a separate progress folder")
            }
        } catch let error as DatabaseError {
            throw damage(error) ?? error
        }
    }

    /// A SQLite error that means the file is not a sound database, as the learner should hear it.
    private static func damage(_ error: DatabaseError) -> ProgressError? {
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: ProgressError(.progressDamaged, "SQLite says: \(error.message ?? "damaged")")
        default: nil
        }
    }

    /// Renames a damaged store (and its WAL and shared-memory files) to `progress.sqlite.damaged-DATE`.
    private static func moveAside(_ path: String) throws(ProgressError) -> String {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        var aside = "\(path).damaged-\(stamp)"
        var counter = 1
        while FileManager.default.fileExists(atPath: aside) {
            counter += 1
            aside = "\(path).damaged-\(stamp)-\(counter)"
        }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            guard rename(path + suffix, aside + suffix) == 0 else {
                throw ProgressError(.progressUnavailable, "the progress file \(path) is damaged and cannot be moved " +
                                    "aside: \(String(cString: strerror(errno)))")
            }
        }
        return aside
    }

    /// $LESSONPACK_BUSY_TIMEOUT (seconds), else ten.
    package static func busyTimeout(environment: [String: String] = ProcessInfo.processInfo.environment) -> TimeInterval {
        environment["LESSONPACK_BUSY_TIMEOUT"].flatMap(TimeInterval.init).map { min(max($0, 0), 600) } ?? 10
    }

    /// $LESSONPACK_DATA_DIR, else $XDG_DATA_HOME/lessonpack, else ~/.local/share/lessonpack.
    package static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let configured = environment["LESSONPACK_DATA_DIR"], !configured.isEmpty { return configured }
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.local/share"
        return base + "/lessonpack"
    }

    /// Runs one write transaction. The busy timeout waits for another process's write to end; a transaction that
    /// still meets a busy store (a read snapshot gone stale while it waited) is tried again until the timeout has
    /// passed, and only then reported as not saved.
    func write<T>(_ work: (Database) throws -> T) throws(ProgressError) -> T {
        guard !readOnly else { throw ProgressError(.progressUnavailable, "the progress store was opened only to be read") }
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do { return try database.write(work) } catch let error as DatabaseError
                where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) && Date() < deadline {
                usleep(50_000)
            } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) {
                throw ProgressError(.progressUnsaved, "another program has held the progress file for over " +
                                    "\(Int(busyTimeout)) seconds, so this was not saved")
            } catch {
                throw ProgressError(.progressUnsaved, "cannot save progress: \(SystemErrorText.describe(error))")
            }
        }
    }

    func read<T>(_ work: (Database) throws -> T) throws(ProgressError) -> T {
        do { return try database.read(work) } catch { throw ProgressError(.progressUnavailable, "cannot read progress: \(SystemErrorText.describe(error))") }
    }

    /// SQLite's own consistency check: "ok" when the file is sound.
    package func integrityCheck() throws(ProgressError) -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }
}

/// A failure of the progress store, with a stable code (docs/player.md lists them).
package typealias ProgressError = CodedError

extension DiagnosticCode {
    /// The store was written by a newer Lessonpack, whose schema this one does not know.
    package static let progressNewerSchema: DiagnosticCode = "progress-newer-schema"
    /// The store failed SQLite's check; it is moved aside and a fresh one started.
    package static let progressDamaged: DiagnosticCode = "progress-damaged"
    /// An answer could not be saved (another program held the store too long, the disk is full).
    package static let progressUnsaved: DiagnosticCode = "progress-unsaved"
    /// The store cannot be created, opened or read.
    package static let progressUnavailable: DiagnosticCode = "progress-unavailable"
    /// Another player is using the same progress store: the second is refused.
    package static let progressInUse: DiagnosticCode = "progress-in-use"
}
