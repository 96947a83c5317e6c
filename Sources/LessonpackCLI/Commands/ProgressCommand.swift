import ArgumentParser
import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress

struct ProgressCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, csv }

    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show your progress: per module and activity, attempts and scores; for the test, per objective.")

    @Option(help: "Output format: text, json or csv.")
    var format: Format = .text

    @Option(help: "Where progress and installed modules are kept.")
    var dataDir: String?

    func run() throws {
        let store: ProgressStore
        do { store = try ProgressStore(folder: dataDir ?? ProgressStore.defaultFolder()) } catch {
            throw CommandFailure(error.description, code: error.code.rawValue)
        }
        for note in store.notes { Console.error("lessonpack: note: \(note)") }
        let report: [ProgressReport.Module]
        do { report = try ProgressReport.build(store) } catch { throw CommandFailure(error.description, code: error.code.rawValue) }
        switch format {
        case .text: Console.out(ProgressReport.text(report))
        case .json: Console.json(ProgressReport.json(report))
        case .csv: Console.data(ProgressReport.csv(report), terminator: "")
        }
    }
}

/// The progress report, in the three forms `progress` prints.
enum ProgressReport {
    struct Module: Encodable {
        var id: String
        var title: String
        var versions: [String]
        var activities: [Activity]
    }

    struct Activity: Encodable {
        var activity: String
        var title: String
        var attempts: Int
        var finished: Int
        var inProgress: Bool
        var bestPercent: Double?
        var lastPercent: Double?
        /// The last finished test's counts and objectives.
        var correct: Int?
        var incorrect: Int?
        var unanswered: Int?
        var objectives: [Objective]?
    }

    struct Objective: Encodable {
        var objective: String
        var percent: Double
        var correct: Int
        var total: Int
    }

    static func build(_ store: ProgressStore) throws(ProgressError) -> [Module] {
        var modules: [String: Module] = [:]
        for seen in try store.modules() {
            modules[seen.id, default: Module(id: seen.id, title: seen.title, versions: [], activities: [])].versions.append(seen.version)
            modules[seen.id]?.title = seen.title
        }
        for id in modules.keys {
            let histories = try store.history(moduleID: id)
            modules[id]?.activities = ActivityKind.allCases.compactMap { kind in
                guard let history = histories[kind] else { return nil }
                var activity = Activity(activity: kind.rawValue, title: kind.title, attempts: history.attempts,
                                        finished: history.finished, inProgress: history.inProgress,
                                        bestPercent: history.bestPercent, lastPercent: history.lastPercent)
                if kind == .test, let last = history.lastResult {
                    activity.correct = Int(last.details["correct"] ?? "")
                    activity.incorrect = Int(last.details["incorrect"] ?? "")
                    activity.unanswered = Int(last.details["unanswered"] ?? "")
                    activity.objectives = last.objectives.map {
                        Objective(objective: $0.objective, percent: $0.percent, correct: $0.correct, total: $0.total)
                    }
                }
                return activity
            }
        }
        return modules.values.sorted { $0.id < $1.id }
    }

    static func percent(_ value: Double?) -> String { value.map { "\(Int($0.rounded()))%" } ?? "-" }

    static func text(_ modules: [Module]) -> String {
        guard !modules.isEmpty else { return "No progress yet: 'lessonpack play' a module to start." }
        var lines: [String] = []
        for module in modules {
            lines.append("\(module.id): \(module.title) (versions \(module.versions.joined(separator: ", ")))")
            lines.append("  " + Formatting.padded("activity", 28) + Formatting.padded("attempts", 9, right: true)
                         + Formatting.padded("best", 7, right: true) + Formatting.padded("last", 7, right: true))
            for activity in module.activities {
                lines.append("  " + Formatting.padded(activity.title, 28) + Formatting.padded("\(activity.attempts)", 9, right: true)
                             + Formatting.padded(percent(activity.bestPercent), 7, right: true)
                             + Formatting.padded(percent(activity.lastPercent), 7, right: true)
                             + (activity.inProgress ? "  (in progress)" : ""))
                if let correct = activity.correct {
                    lines.append("    last test: \(correct) correct, \(activity.incorrect ?? 0) incorrect, " +
                                 "\(activity.unanswered ?? 0) unanswered")
                    for objective in activity.objectives ?? [] {
                        lines.append("      \(objective.objective): \(percent(objective.percent)) (\(objective.correct) of \(objective.total))")
                    }
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ modules: [Module]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Document(modules: modules))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    struct Document: Encodable {
        var version = 1
        var modules: [Module]
    }

    /// One row per module and activity, and one per objective of the last test.
    static func csv(_ modules: [Module]) -> String {
        var rows = ["module,activity,attempts,best_percent,last_percent,correct,incorrect,unanswered,objective,objective_percent"]
        func number(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "" }
        for module in modules {
            for activity in module.activities {
                let counts: [String] = [activity.correct, activity.incorrect, activity.unanswered].map { $0.map(String.init) ?? "" }
                let fields: [String] = [module.id, activity.activity, String(activity.attempts), number(activity.bestPercent),
                                        number(activity.lastPercent)] + counts + ["", ""]
                rows.append(fields.map(csvField).joined(separator: ","))
                for objective in activity.objectives ?? [] {
                    rows.append([module.id, activity.activity, "", "", "", "", "", "", objective.objective, number(objective.percent)]
                        .map(csvField).joined(separator: ","))
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func csvField(_ text: String) -> String {
        text.contains(where: { ",\"\n".contains($0) }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
