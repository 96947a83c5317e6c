import Foundation
import LessonpackActivities
import LessonpackModel

/// What stores written before schema 3 hold, read into today's types. Those stores logged each step as three
/// strings (a kind, an item, a value), kept an attempt's setup as a dictionary of JSON strings, and gave results
/// their details as strings. Results are rewritten when the store is migrated; an unfinished attempt is rewritten
/// when the player resumes it, because making its setup needs the module it was dealt from.
enum LegacyRecords {
    /// A result as stores before schema 3 encoded it: the same, but `details` a dictionary of strings.
    struct Result: Decodable {
        struct Objective: Decodable {
            var objective: String
            var correct: Int
            var incorrect: Int
            var unanswered: Int
        }

        var activity: ActivityKind
        var startedAt: Date
        var finishedAt: Date
        var items: [ItemOutcome]
        var score: Score?
        var objectives: [Objective]
        var details: [String: String]
    }

    /// A stored legacy result, re-encoded with typed details; nil when it is not a legacy result at all.
    static func convertResult(_ json: String) -> String? {
        guard let legacy = try? JSONDecoder().decode(Result.self, from: Data(json.utf8)) else { return nil }
        let result = ActivityResult(
            activity: legacy.activity, startedAt: legacy.startedAt, finishedAt: legacy.finishedAt, items: legacy.items,
            score: legacy.score,
            objectives: legacy.objectives.map {
                ObjectiveScore(objective: $0.objective, performance: nil, correct: $0.correct, incorrect: $0.incorrect,
                               unanswered: $0.unanswered)
            },
            details: details(legacy.activity, legacy.details))
        return StoredJSON.encode(result)
    }

    /// A legacy result's string details, read as its activity's descriptor says.
    static func details(_ activity: ActivityKind, _ values: [String: String]) -> ResultDetails {
        switch activity.descriptor.legacy {
        case .read(let details, _): details(values)
        // A kind that came after schema 3 has no legacy results: there is nothing to read.
        case .none: .none
        }
    }

    /// A legacy unfinished attempt, rewritten: its setup and its steps as the engine's own setup and actions.
    struct Converted {
        var setup: String
        var actions: [(kind: String, payload: String, at: Date)]
    }

    /// Nil for a kind that came after schema 3, which no legacy store holds.
    static func convertAttempt(_ kind: ActivityKind, setup: [String: String], seed: UInt64, steps: [LegacyAttempt.Step],
                               module: Module) -> Converted? {
        guard case .read(_, let attempt) = kind.descriptor.legacy else { return nil }
        let converted = attempt(LegacyAttempt(setup: setup, seed: seed, steps: steps), module)
        var actions: [(kind: String, payload: String, at: Date)] = []
        for (action, at) in converted.actions { actions.append(row(action, at: at)) }
        return Converted(setup: StoredJSON.encode(converted.setup), actions: actions)
    }

    private static func row(_ action: some StoredAction, at: Date) -> (kind: String, payload: String, at: Date) {
        (kind: action.storedName, payload: StoredJSON.encode(action), at: at)
    }
}
