import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel

/// Where the learner stands with an activity, for the contents and the progress report.
package enum ActivityStatus: Sendable, Equatable {
    case notStarted
    /// Opened and left without doing what it is for (pronunciation practice with nothing recorded).
    case visited
    case inProgress
    case done
    /// A scored activity: the best score so far, and whether another attempt is under way.
    case scored(best: Double, inProgress: Bool)
}

/// A finished attempt, for reports that list every one.
package struct FinishedAttempt: Sendable, Equatable {
    package var number: Int
    package var moduleVersion: String
    package var result: ActivityResult
}

/// How an activity has gone so far.
package struct ActivityHistory: Sendable, Equatable {
    package var activity: ActivityKind
    /// Attempts begun and not set aside.
    package var attempts: Int
    package var finished: [FinishedAttempt]
    package var inProgress: Bool
    package var bestPercent: Double?
    package var lastPercent: Double?
    /// Work the learner set aside to start again (answers given, then "start again"): the activity has been
    /// worked on, even when the new attempt holds nothing yet.
    package var setAsideWork = false

    /// The last finished attempt's result (the test's counts and objectives).
    package var lastResult: ActivityResult? { finished.last?.result }

    package var status: ActivityStatus {
        if let bestPercent { return .scored(best: bestPercent, inProgress: inProgress) }
        // Answers given are never hidden behind "not started", even once set aside for a new start.
        if inProgress || (finished.isEmpty && setAsideWork) { return .inProgress }
        if finished.contains(where: { $0.result.isCompleted }) { return .done }
        return finished.isEmpty ? .notStarted : .visited
    }
}

extension ProgressStore {
    /// Per activity, over every version of the module the learner has used.
    package func history(moduleID: String) throws(ProgressError) -> [ActivityKind: ActivityHistory] {
        try read { db in
            typealias Columns = AttemptRecord.Columns
            var histories: [ActivityKind: ActivityHistory] = [:]
            // Attempts set aside count only when they hold work; superseded ones are not the learner's doing.
            let attempt = TableAlias()
            let holdsWork = ActionRecord.filter(ActionRecord.Columns.attemptID == attempt[Columns.id]).exists()
            let records = try AttemptRecord.aliased(attempt)
                .filter(Columns.moduleID == moduleID)
                .filter([AttemptState.inProgress, .finished].contains(Columns.state)
                        || (Columns.state == AttemptState.abandoned && holdsWork))
                .order(Columns.id)
                .fetchAll(db)
            for record in records {
                guard let activity = ActivityKind(rawValue: record.activity) else { continue }
                var history = histories[activity]
                    ?? ActivityHistory(activity: activity, attempts: 0, finished: [], inProgress: false)
                switch record.state {
                case .abandoned:
                    history.setAsideWork = true
                case .inProgress:
                    history.attempts += 1
                    history.inProgress = true
                case .finished:
                    history.attempts += 1
                    if let correct = record.scoreCorrect, let total = record.scoreTotal, total > 0 {
                        let percent = Double(correct) * 100 / Double(total)
                        history.lastPercent = percent
                        history.bestPercent = max(history.bestPercent ?? 0, percent)
                    }
                    if let text = record.result, let result = StoredJSON.decode(ActivityResult.self, text) {
                        history.finished.append(FinishedAttempt(number: record.number ?? history.finished.count + 1,
                                                                moduleVersion: record.moduleVersion, result: result))
                    }
                case .superseded:
                    continue
                }
                histories[activity] = history
            }
            return histories
        }
    }

    /// The items the last finished test showed, for the next draw to favour the others. Items whose content has
    /// changed since count as unseen: they start afresh.
    package func lastTestDraw(moduleID: String, contentHashes: [String: String]) throws(ProgressError) -> [String] {
        try read { db in
            guard let last = try AttemptRecord.at(moduleID: moduleID, activity: ActivityKind.test.rawValue)
                .filter(AttemptRecord.Columns.state == AttemptState.finished)
                .order(AttemptRecord.Columns.id.desc).fetchOne(db),
                  let id = last.id else { return [] }
            let items = try ResultItemRecord.filter(ResultItemRecord.Columns.attemptID == id).fetchAll(db)
            let unchanged = Set(items.filter { contentHashes[$0.itemID] == $0.contentHash }.map(\.itemID))
            // Keep the order the test showed them in.
            guard let text = last.result, let result = StoredJSON.decode(ActivityResult.self, text) else { return [] }
            return result.items.map(\.id).filter(unchanged.contains)
        }
    }

    /// For each item of the module as it is now, whether the learner has ever got it right, counting only answers
    /// given while the item read as it does now.
    package func mastered(moduleID: String, contentHashes: [String: String]) throws(ProgressError) -> Set<String> {
        try read { db in
            let items = try ResultItemRecord
                .filter(ResultItemRecord.Columns.moduleID == moduleID
                        && ResultItemRecord.Columns.outcome == ItemOutcome.Outcome.correct.rawValue)
                .fetchAll(db)
            return Set(items.filter { contentHashes[$0.itemID] == $0.contentHash }.map(\.itemID))
        }
    }

    /// The modules the learner has opened, newest version last.
    package func modules() throws(ProgressError) -> [(id: String, version: String, title: String)] {
        try read { db in
            try ModuleRecord.order(ModuleRecord.Columns.id, ModuleRecord.Columns.lastSeen).fetchAll(db).map {
                (id: $0.id, version: $0.version, title: $0.title)
            }
        }
    }

    /// A setting the learner chose, as stored.
    package func setting(_ key: String) -> String? {
        try? read { db in try SettingRecord.filter(key: key).select(SettingRecord.Columns.value, as: String.self).fetchOne(db) }
    }

    package func setSetting(_ key: String, to value: String) throws(ProgressError) {
        try write { db in
            try SettingRecord(key: key, value: value).insert(db, onConflict: .replace)
        }
    }
}

extension ProgressStore {
    /// Results saved before objectives carried their performance text (stores from before schema 3) get it from
    /// the module, so reports name objectives as the module words them. Results that have it keep their own. This
    /// runs at every start: it reads the module's finished results (a learner's handful), decodes them, and writes
    /// only those it completes, all in one transaction.
    package func completeObjectiveTexts(for module: Module) throws(ProgressError) {
        let texts = Dictionary(module.objectives.map { ($0.id, $0.performance) }, uniquingKeysWith: { first, _ in first })
        let incomplete = try read { db in
            try AttemptRecord
                .filter(AttemptRecord.Columns.moduleID == module.id && AttemptRecord.Columns.state == AttemptState.finished
                        && AttemptRecord.Columns.result != nil)
                .fetchAll(db)
                .compactMap { record -> (id: Int64, result: ActivityResult)? in
                    guard let id = record.id, let text = record.result,
                          let result = StoredJSON.decode(ActivityResult.self, text),
                          result.objectives.contains(where: { $0.performance == nil && texts[$0.objective] != nil })
                    else { return nil }
                    return (id, result)
                }
        }
        guard !incomplete.isEmpty else { return }
        try write { db in
            for (id, found) in incomplete {
                var result = found
                for index in result.objectives.indices where result.objectives[index].performance == nil {
                    result.objectives[index].performance = texts[result.objectives[index].objective]
                }
                try AttemptRecord.filter(key: id)
                    .updateAll(db, AttemptRecord.Columns.result.set(to: StoredJSON.encode(result)))
            }
        }
    }
}
