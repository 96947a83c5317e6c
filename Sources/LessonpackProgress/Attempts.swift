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
    /// It was closed, kept in the history but not carried on.
    case closed(reason: ClosedReason)
}

/// Why an unfinished attempt could not be carried on: the store keeps the exact reason, the learner reads it in
/// plain words.
package enum ClosedReason: Sendable, Equatable {
    /// The attempt is no longer in the store.
    case gone
    /// Begun with `version` by a Lessonpack that kept no record of what the attempt used, and the module is now
    /// another version.
    case olderRecord(version: String)
    /// Its saved actions cannot be read back.
    case unreadable
    /// The items it uses read differently now: changed in `version`, or edited within the same version (nil).
    case changed(inVersion: String?)

    /// The end of a sentence for the store and a teacher: "the items it uses are not the same any more: …".
    package var recorded: String {
        switch self {
        case .gone: "it is no longer in the store"
        case .olderRecord(let version):
            "it was begun with version \(version), by an older Lessonpack that did not record what it used"
        case .unreadable: "its saved steps cannot be read"
        case .changed(let version?): "the items it uses are not the same any more: they changed in version \(version)"
        case .changed(nil): "the items it uses are not the same any more: the module has been edited since"
        }
    }

    /// The end of a sentence for the learner: "…could not be carried on, because the lesson has changed since you
    /// began it".
    package var inPlainWords: String {
        switch self {
        case .gone, .unreadable: "it could not be read back"
        case .olderRecord, .changed: "the lesson has changed since you began it"
        }
    }
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
            // A version seen before keeps when it was first seen; its title is the one it has now. Updated in place,
            // without reading the record back: this runs on every start of the player.
            let seen = try ModuleRecord.filter(key: ["id": module.id, "version": module.version])
                .updateAll(db, [ModuleRecord.Columns.lastSeen.set(to: now), ModuleRecord.Columns.title.set(to: module.title)])
            if seen == 0 {
                try ModuleRecord(id: module.id, version: module.version, title: module.title, firstSeen: now,
                                 lastSeen: now).insert(db)
            }
            try Self.queue([launched], attempt: nil, db)
        }
    }

    /// The number the next attempt at `activity` gets: one more than any attempt so far, whatever became of it.
    package func nextAttemptNumber(moduleID: String, activity: ActivityKind) throws(ProgressError) -> Int {
        try read { db in
            let last = try AttemptRecord.at(moduleID: moduleID, activity: activity.rawValue)
                .select(max(AttemptRecord.Columns.number), as: Int.self).fetchOne(db)
            return (last ?? 0) + 1
        }
    }

    /// Starts an attempt from its setup. `parts` is the hash of the module's parts the setup uses.
    package func startAttempt<Engine: ActivityEngine>(_ engine: Engine.Type, module: Module, number: Int, seed: UInt64,
                                                     setup: Engine.Setup, startedAt: Date) throws(ProgressError) -> Int64 {
        let parts = ModuleParts.hash(Engine.parts(of: setup, in: module), in: module)
        let reference = AttemptReference(registration: UUID().uuidString.lowercased(), moduleID: module.id,
                                         moduleVersion: module.version, activity: Engine.kind, number: number)
        return try write { db in
            let record = AttemptRecord(id: nil, moduleID: module.id, moduleVersion: module.version,
                                       activity: Engine.kind.rawValue, seed: Int64(bitPattern: seed),
                                       setup: StoredJSON.encode(setup), state: .inProgress, startedAt: startedAt,
                                       number: number, format: AttemptFormat.typed, parts: parts,
                                       startedMoment: startedAt.timeIntervalSinceReferenceDate,
                                       uuid: reference.registration)
            try record.insert(db)
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
            let last = try ActionRecord.filter(ActionRecord.Columns.attemptID == attempt)
                .select(max(ActionRecord.Columns.sequence), as: Int.self).fetchOne(db)
            let next = (last ?? 0) + 1
            try ActionRecord(attemptID: attempt, sequence: next, kind: kind, at: now, payload: payload,
                             moment: now.timeIntervalSinceReferenceDate).insert(db)
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
        typealias Columns = AttemptRecord.Columns
        try AttemptRecord.filter(key: attempt).updateAll(db, [
            Columns.state.set(to: AttemptState.finished), Columns.finishedAt.set(to: result.finishedAt),
            Columns.scoreCorrect.set(to: result.score?.correct), Columns.scoreTotal.set(to: result.score?.total),
            Columns.result.set(to: StoredJSON.encode(result)),
        ])
        for item in result.items {
            // An attempt finished again (on a resume) keeps one row per item: the latest.
            try ResultItemRecord(attemptID: attempt, moduleID: finishing.module.id, activity: result.activity.rawValue,
                                 itemID: item.id, contentHash: finishing.contentHashes[item.id] ?? "",
                                 outcome: item.outcome.rawValue, objective: item.objective)
                .insert(db, onConflict: .replace)
        }
        if let reference = try reference(attempt, db) {
            try queue(StatementBuilder.finished(reference, result: result, module: finishing.module), attempt: attempt, db)
        }
    }

    /// The statement that an attempt ended without being finished.
    private static func queueTerminated(_ attempt: Int64, at now: Date, _ db: Database) throws {
        guard let reference = try reference(attempt, db), let record = try AttemptRecord.fetchOne(db, key: attempt)
        else { return }
        try queue([StatementBuilder.terminated(reference, module: nil, startedAt: record.startMoment, at: now)],
                  attempt: attempt, db)
    }

    /// The learner set the attempt aside (started afresh, or another game).
    package func abandon(_ attempt: Int64, at now: Date) throws(ProgressError) {
        try write { db in
            let abandoned = try AttemptRecord.filter(key: attempt)
                .filter(AttemptRecord.Columns.state == AttemptState.inProgress)
                .updateAll(db, AttemptRecord.Columns.state.set(to: AttemptState.abandoned),
                           AttemptRecord.Columns.finishedAt.set(to: now))
            if abandoned > 0 { try Self.queueTerminated(attempt, at: now, db) }
        }
    }

    /// The unfinished attempts at this module, newest first.
    package func unfinishedAttempts(moduleID: String) throws(ProgressError) -> [UnfinishedAttempt] {
        try read { db in
            try AttemptRecord
                .filter(AttemptRecord.Columns.moduleID == moduleID && AttemptRecord.Columns.state == AttemptState.inProgress)
                .order(AttemptRecord.Columns.id.desc)
                .fetchAll(db)
                .compactMap { record in
                    guard let id = record.id, let activity = ActivityKind(rawValue: record.activity) else { return nil }
                    return UnfinishedAttempt(id: id, moduleVersion: record.moduleVersion, activity: activity,
                                             number: record.number ?? 1,
                                             steps: try ActionRecord.filter(ActionRecord.Columns.attemptID == id).fetchCount(db),
                                             startedAt: record.startedAt)
                }
        }
    }

    /// Reads an unfinished attempt back to carry it on with `module`, or closes it when it cannot be: when the parts
    /// of the module it uses no longer read as they did (a new version changed its items), or when it cannot be read.
    /// An attempt from a store before schema 3 is rewritten in today's form first.
    package func carryOver<Engine: ActivityEngine>(_ attempt: Int64, as engine: Engine.Type, module: Module,
                                                  at now: Date) throws(ProgressError) -> CarryOver<Engine> {
        guard let record = try read({ db in try AttemptRecord.fetchOne(db, key: attempt) })
        else { return .closed(reason: .gone) }
        let version = record.moduleVersion
        if record.format != AttemptFormat.typed {
            // Older stores kept no record of what the attempt used: it goes on only with the version it began with.
            guard version == module.version else {
                return try close(attempt, because: .olderRecord(version: version), at: now)
            }
            try rewriteLegacy(record, attempt, as: Engine.self, module: module)
        }
        guard let saved = try read({ db in try Self.saved(Engine.self, attempt, db) }) else {
            return try close(attempt, because: .unreadable, at: now)
        }
        let parts = ModuleParts.hash(Engine.parts(of: saved.setup, in: module), in: module)
        let recorded: String? = try read { db in
            try AttemptRecord.filter(key: attempt).select(AttemptRecord.Columns.parts, as: String.self).fetchOne(db)
        }
        guard parts == recorded else {
            return try close(attempt, because: .changed(inVersion: version == module.version ? nil : module.version), at: now)
        }
        if version != module.version {
            try write { db in
                _ = try AttemptRecord.filter(key: attempt)
                    .updateAll(db, AttemptRecord.Columns.moduleVersion.set(to: module.version))
            }
        }
        return .resume(saved)
    }

    private func close<Engine: ActivityEngine>(_ attempt: Int64, because reason: ClosedReason,
                                               at now: Date) throws(ProgressError) -> CarryOver<Engine> {
        try write { db in
            try AttemptRecord.filter(key: attempt).updateAll(db, [
                AttemptRecord.Columns.state.set(to: AttemptState.superseded),
                AttemptRecord.Columns.finishedAt.set(to: now), AttemptRecord.Columns.closedReason.set(to: reason.recorded),
            ])
            try Self.queueTerminated(attempt, at: now, db)
        }
        return .closed(reason: reason)
    }

    private func rewriteLegacy<Engine: ActivityEngine>(_ record: AttemptRecord, _ id: Int64, as engine: Engine.Type,
                                                       module: Module) throws(ProgressError) {
        let activity = Engine.kind
        let setup = StoredJSON.decode([String: String].self, record.setup) ?? [:]
        let seed = UInt64(bitPattern: record.seed)
        let steps = try read { db in
            try ActionRecord.of(id).fetchAll(db).map { step in
                LegacyAttempt.Step(kind: step.kind, item: step.item, value: step.value, at: step.at)
            }
        }
        guard let converted = LegacyRecords.convertAttempt(activity, setup: setup, seed: seed, steps: steps,
                                                           module: module) else { return }
        let parts = ModuleParts.hash(StoredJSON.decode(Engine.Setup.self, converted.setup)
            .map { Engine.parts(of: $0, in: module) } ?? [], in: module)
        try write { db in
            try ActionRecord.filter(ActionRecord.Columns.attemptID == id).deleteAll(db)
            for (index, action) in converted.actions.enumerated() {
                try ActionRecord(attemptID: id, sequence: index + 1, kind: action.kind, at: action.at,
                                 payload: action.payload, moment: action.at.timeIntervalSinceReferenceDate).insert(db)
            }
            try AttemptRecord.filter(key: id).updateAll(db, [
                AttemptRecord.Columns.format.set(to: AttemptFormat.typed),
                AttemptRecord.Columns.setup.set(to: converted.setup), AttemptRecord.Columns.parts.set(to: parts),
            ])
        }
    }

    private static func saved<Engine: ActivityEngine>(_ engine: Engine.Type, _ id: Int64, _ db: Database) throws
        -> SavedAttempt<Engine>? {
        guard let record = try AttemptRecord.fetchOne(db, key: id),
              let setup = StoredJSON.decode(Engine.Setup.self, record.setup) else { return nil }
        var actions: [(action: Engine.Action, at: Date)] = []
        for step in try ActionRecord.of(id).fetchAll(db) {
            guard let payload = step.payload, let action = StoredJSON.decode(Engine.Action.self, payload) else {
                return nil
            }
            actions.append((action, step.exactMoment))
        }
        return SavedAttempt(id: id, number: record.number ?? 1, seed: UInt64(bitPattern: record.seed), setup: setup,
                            startedAt: record.startMoment, actions: actions)
    }

    /// The setup of the attempt a new deal must differ from: the most recent attempt at the activity, or the most
    /// recent finished one, as its descriptor's `dealsAfter` says.
    package func lastSetup<Engine: ActivityEngine>(_ engine: Engine.Type, module: Module) throws(ProgressError)
        -> Engine.Setup? {
        try read { db in
            var attempts = AttemptRecord.at(moduleID: module.id, activity: Engine.kind.rawValue)
            if Engine.kind.descriptor.dealsAfter == .lastFinishedAttempt {
                attempts = attempts.filter(AttemptRecord.Columns.state == AttemptState.finished)
            }
            guard let record = try attempts.order(AttemptRecord.Columns.id.desc).fetchOne(db) else { return nil }
            var text = record.setup
            if record.format != AttemptFormat.typed {
                let legacy = StoredJSON.decode([String: String].self, text) ?? [:]
                guard let converted = LegacyRecords.convertAttempt(Engine.kind, setup: legacy, seed: UInt64(bitPattern: record.seed),
                                                                   steps: [], module: module) else { return nil }
                text = converted.setup
            }
            return StoredJSON.decode(Engine.Setup.self, text)
        }
    }
}
