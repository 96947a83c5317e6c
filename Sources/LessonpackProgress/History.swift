import Foundation
import GRDB
import LessonpackActivities
import LessonpackModel

/// How an activity has gone so far, for the contents screen and the progress report.
public struct ActivityHistory: Sendable, Equatable {
    public var activity: ActivityKind
    public var attempts: Int
    public var finished: Int
    public var inProgress: Bool
    public var bestPercent: Double?
    public var lastPercent: Double?
    /// The last finished attempt's result, for the test's counts and objectives.
    public var lastResult: ActivityResult?
}

extension ProgressStore {
    /// Per activity, over every version of the module the learner has used.
    public func history(moduleID: String) throws(ProgressError) -> [ActivityKind: ActivityHistory] {
        try read { db in
            var histories: [ActivityKind: ActivityHistory] = [:]
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM attempt WHERE moduleID = ? AND state != 'abandoned' ORDER BY id",
                                        arguments: [moduleID])
            for row in rows {
                guard let activity = ActivityKind(rawValue: row["activity"]) else { continue }
                var history = histories[activity]
                    ?? ActivityHistory(activity: activity, attempts: 0, finished: 0, inProgress: false)
                history.attempts += 1
                if (row["state"] as String) == "in-progress" {
                    history.inProgress = true
                } else {
                    history.finished += 1
                    if let correct: Int = row["scoreCorrect"], let total: Int = row["scoreTotal"], total > 0 {
                        let percent = Double(correct) * 100 / Double(total)
                        history.lastPercent = percent
                        history.bestPercent = max(history.bestPercent ?? 0, percent)
                    }
                    if let text: String = row["result"] {
                        history.lastResult = try? JSONDecoder().decode(ActivityResult.self, from: Data(text.utf8))
                    }
                }
                histories[activity] = history
            }
            return histories
        }
    }

    /// The items the last finished test showed, for the next draw to favour the others. Items whose content has
    /// changed since count as unseen: they start afresh.
    public func lastTestDraw(moduleID: String, contentHashes: [String: String]) throws(ProgressError) -> [String] {
        try read { db in
            guard let attempt = try Int64.fetchOne(db, sql: """
                SELECT id FROM attempt WHERE moduleID = ? AND activity = 'test' AND state = 'finished' ORDER BY id DESC LIMIT 1
                """, arguments: [moduleID]) else { return [] }
            let rows = try Row.fetchAll(db, sql: "SELECT itemID, contentHash FROM resultItem WHERE attemptID = ?",
                                        arguments: [attempt])
            let unchanged = Set(rows.compactMap { row -> String? in
                let id: String = row["itemID"]
                return contentHashes[id] == (row["contentHash"] as String) ? id : nil
            })
            // Keep the order the test showed them in.
            guard let text = try String.fetchOne(db, sql: "SELECT result FROM attempt WHERE id = ?", arguments: [attempt]),
                  let result = try? JSONDecoder().decode(ActivityResult.self, from: Data(text.utf8)) else { return [] }
            return result.items.map(\.id).filter(unchanged.contains)
        }
    }

    /// For each item of the module as it is now, whether the learner has ever got it right, counting only answers
    /// given while the item read as it does now.
    public func mastered(moduleID: String, contentHashes: [String: String]) throws(ProgressError) -> Set<String> {
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
    public func modules() throws(ProgressError) -> [(id: String, version: String, title: String)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, version, title FROM module ORDER BY id, lastSeen").map {
                (id: $0["id"], version: $0["version"], title: $0["title"])
            }
        }
    }

    public func hasSeenHelp(_ screen: String) -> Bool {
        (try? read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM helpSeen WHERE screen = ?", arguments: [screen]) }) == true
    }

    public func markHelpSeen(_ screen: String) {
        _ = try? write { db in try db.execute(sql: "INSERT OR IGNORE INTO helpSeen (screen) VALUES (?)", arguments: [screen]) }
    }
}
