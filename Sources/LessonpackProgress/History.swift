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
            var histories: [ActivityKind: ActivityHistory] = [:]
            let rows = try Row.fetchAll(db, sql: """
                SELECT * FROM attempt WHERE moduleID = ? AND (state IN ('in-progress', 'finished')
                    OR (state = 'abandoned' AND EXISTS (SELECT 1 FROM action WHERE attemptID = attempt.id))) ORDER BY id
                """, arguments: [moduleID])
            for row in rows {
                guard let activity = ActivityKind(rawValue: row["activity"]) else { continue }
                var history = histories[activity]
                    ?? ActivityHistory(activity: activity, attempts: 0, finished: [], inProgress: false)
                if (row["state"] as String) == "abandoned" {
                    history.setAsideWork = true
                    histories[activity] = history
                    continue
                }
                history.attempts += 1
                if (row["state"] as String) == "in-progress" {
                    history.inProgress = true
                } else {
                    if let correct: Int = row["scoreCorrect"], let total: Int = row["scoreTotal"], total > 0 {
                        let percent = Double(correct) * 100 / Double(total)
                        history.lastPercent = percent
                        history.bestPercent = max(history.bestPercent ?? 0, percent)
                    }
                    if let text: String = row["result"], let result = StoredJSON.decode(ActivityResult.self, text) {
                        history.finished.append(FinishedAttempt(number: row["number"] ?? history.finished.count + 1,
                                                                moduleVersion: row["moduleVersion"], result: result))
                    }
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
            guard let row = try Row.fetchOne(db, sql: """
                SELECT id, result FROM attempt WHERE moduleID = ? AND activity = 'test' AND state = 'finished'
                ORDER BY id DESC LIMIT 1
                """, arguments: [moduleID]) else { return [] }
            let rows = try Row.fetchAll(db, sql: "SELECT itemID, contentHash FROM resultItem WHERE attemptID = ?",
                                        arguments: [row["id"] as Int64])
            let unchanged = Set(rows.compactMap { row -> String? in
                let id: String = row["itemID"]
                return contentHashes[id] == (row["contentHash"] as String) ? id : nil
            })
            // Keep the order the test showed them in.
            guard let text: String = row["result"], let result = StoredJSON.decode(ActivityResult.self, text) else { return [] }
            return result.items.map(\.id).filter(unchanged.contains)
        }
    }

    /// For each item of the module as it is now, whether the learner has ever got it right, counting only answers
    /// given while the item read as it does now.
    package func mastered(moduleID: String, contentHashes: [String: String]) throws(ProgressError) -> Set<String> {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT DISTINCT itemID, contentHash FROM resultItem WHERE moduleID = ? AND outcome = 'correct'
                """, arguments: [moduleID])
            return Set(rows.compactMap { row -> String? in
                let id: String = row["itemID"]
                return contentHashes[id] == (row["contentHash"] as String) ? id : nil
            })
        }
    }

    /// The modules the learner has opened, newest version last.
    package func modules() throws(ProgressError) -> [(id: String, version: String, title: String)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, version, title FROM module ORDER BY id, lastSeen").map {
                (id: $0["id"], version: $0["version"], title: $0["title"])
            }
        }
    }

    package func hasSeenHelp(_ screen: String) -> Bool {
        (try? read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM helpSeen WHERE screen = ?", arguments: [screen]) }) == true
    }

    package func markHelpSeen(_ screen: String) {
        _ = try? write { db in try db.execute(sql: "INSERT OR IGNORE INTO helpSeen (screen) VALUES (?)", arguments: [screen]) }
    }

    /// A setting the learner chose, as stored.
    package func setting(_ key: String) -> String? {
        try? read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    package func setSetting(_ key: String, to value: String) throws(ProgressError) {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }
}

extension ProgressStore {
    /// Results saved before objectives carried their performance text (stores from before schema 3) get it from
    /// the module, so reports name objectives as the module words them. Results that have it keep their own, and
    /// are not even read: this runs at every start.
    package func completeObjectiveTexts(for module: Module) throws(ProgressError) {
        let texts = Dictionary(module.objectives.map { ($0.id, $0.performance) }, uniquingKeysWith: { first, _ in first })
        let incomplete = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, result FROM attempt WHERE moduleID = ? AND state = 'finished' AND result LIKE '%"objectives":[{%'
                AND result NOT LIKE '%"performance":%'
                """, arguments: [module.id])
        }
        for row in incomplete {
            let text: String = row["result"]
            guard var result = StoredJSON.decode(ActivityResult.self, text),
                  result.objectives.contains(where: { $0.performance == nil && texts[$0.objective] != nil }) else { continue }
            for index in result.objectives.indices where result.objectives[index].performance == nil {
                result.objectives[index].performance = texts[result.objectives[index].objective]
            }
            let id: Int64 = row["id"]
            try write { db in
                try db.execute(sql: "UPDATE attempt SET result = ? WHERE id = ?", arguments: [StoredJSON.encode(result), id])
            }
        }
    }
}
