import ArgumentParser
import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackPresentation
import LessonpackPlayer
import LessonpackProgress
import LessonpackRemote
import LessonpackSystem
import LessonpackXAPI

struct ProgressCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, csv, answers, xapi }

    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show your progress: per module and activity, attempts and scores; for the test, per objective.",
        discussion: """
            Examples:
              lessonpack progress
              lessonpack progress --format json
            """)

    @Option(help: "Output format: text, json or csv (per activity and objective); answers (a CSV row per answer, with its time and objective); xapi (every statement kept for a learning record store, as a JSON array).")
    var format: Format = .text

    @Option(help: "For --format xapi: your e-mail address, if 'sync' has not been told it.")
    var email: String?

    @Option(help: "For --format xapi: your name.")
    var name: String?

    @Option(help: "Where progress and installed modules are kept.", completion: .directory)
    var dataDir: String?

    @OptionGroup var console: ConsoleOptions

    func run() throws {
        // Reading only: a report works in a read-only folder, and never upgrades a store an older Lessonpack uses.
        let store = try ProgressStore.reading(folder: dataDir ?? ProgressStore.defaultFolder())
        if format == .answers || format == .xapi {
            let statements = try store?.allStatements() ?? []
            if format == .answers {
                Console.data(ProgressReport.answersCSV(statements), terminator: "")
            } else {
                // An empty history needs nobody's name: the array is empty.
                let actor = try statements.isEmpty ? nil : store.map {
                    try LearnerIdentity.agent(email: email, name: name, store: $0, remember: false)
                }
                Console.data(ProgressReport.xapi(statements, actor: actor), terminator: "\n")
            }
            return
        }
        let report = try store.map { store throws(ProgressError) in ProgressReport.modules(try ProgressOverview(store)) } ?? []
        switch format {
        case .text: Console.out(ProgressReport.text(report))
        case .json: try console.engine(format: .json).finish(command: "progress", body: ProgressReport.Body(modules: report))
        case .csv: Console.data(ProgressReport.csv(report), terminator: "")
        case .answers, .xapi: break
        }
    }
}

/// The progress report, in the three forms `progress` prints (json in the shared frame).
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
        var status: String
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
        /// Every finished test, oldest first.
        var tests: [TestAttempt]?
    }

    struct TestAttempt: Encodable {
        var attempt: Int
        var moduleVersion: String
        var finishedAt: Date
        var percent: Double
        var correct: Int
        var incorrect: Int
        var unanswered: Int
        var objectives: [Objective]
    }

    struct Objective: Encodable {
        var objective: String
        /// What the objective says the learner will do, as the module put it then.
        var performance: String?
        var percent: Double
        var correct: Int
        var total: Int
    }

    /// The store's overview in the report's words: each activity titled, its status said as the contents say it.
    static func modules(_ overview: ProgressOverview) -> [Module] {
        overview.modules.map { module in
            Module(id: module.id, title: module.title, versions: module.versions, activities: module.activities.map { history in
                let kind = history.activity
                var activity = Activity(activity: kind.rawValue, title: kind.title, status: SessionWording.status(history.status, Strings(.en)),
                                        attempts: history.attempts, finished: history.finished.count,
                                        inProgress: history.inProgress, bestPercent: history.bestPercent,
                                        lastPercent: history.lastPercent)
                if kind == .test {
                    let tests = history.finished.map(testAttempt)
                    activity.tests = tests
                    if let last = tests.last {
                        (activity.correct, activity.incorrect, activity.unanswered) = (last.correct, last.incorrect, last.unanswered)
                        activity.objectives = last.objectives
                    }
                }
                return activity
            })
        }
    }

    static func testAttempt(_ finished: FinishedAttempt) -> TestAttempt {
        let result = finished.result
        var counts = (correct: 0, incorrect: 0, unanswered: 0)
        if case .test(let correct, let incorrect, let unanswered) = result.details { counts = (correct, incorrect, unanswered) }
        return TestAttempt(attempt: finished.number, moduleVersion: finished.moduleVersion, finishedAt: result.finishedAt,
                           percent: result.score?.percent ?? 0, correct: counts.correct, incorrect: counts.incorrect,
                           unanswered: counts.unanswered,
                           objectives: result.objectives.map {
                               Objective(objective: $0.objective, performance: $0.performance, percent: $0.percent,
                                         correct: $0.correct, total: $0.total)
                           })
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
                for test in activity.tests ?? [] {
                    lines.append("    test \(test.attempt), \(day(test.finishedAt)) (version \(test.moduleVersion)): " +
                                 "\(percent(test.percent)): \(test.correct) correct, \(test.incorrect) incorrect, " +
                                 "\(test.unanswered) unanswered")
                    for objective in test.objectives {
                        lines.append("      \(Formatting.padded(percent(objective.percent), 5, right: true))  " +
                                     "\(objective.performance ?? objective.objective) (\(objective.correct) of \(objective.total))")
                    }
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// `progress --format json`'s own keys, in the frame every command shares (docs/json-output.md).
    struct Body: Encodable {
        var modules: [Module]
    }

    /// One row per module and activity, and one per objective of each finished test (its number in `test_attempt`).
    static func csv(_ modules: [Module]) -> String {
        var rows = ["module,activity,attempts,best_percent,last_percent,correct,incorrect,unanswered,objective," +
                    "objective_percent,test_attempt,objective_text"]
        func number(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "" }
        for module in modules {
            for activity in module.activities {
                let counts: [String] = [activity.correct, activity.incorrect, activity.unanswered].map { $0.map(String.init) ?? "" }
                let fields: [String] = [module.id, activity.activity, String(activity.attempts), number(activity.bestPercent),
                                        number(activity.lastPercent)] + counts + ["", "", "", ""]
                rows.append(fields.map(csvField).joined(separator: ","))
                for test in activity.tests ?? [] {
                    for objective in test.objectives {
                        rows.append([module.id, activity.activity, "", "", "", "", "", "", objective.objective,
                                     number(objective.percent), String(test.attempt), objective.performance ?? ""]
                            .map(csvField).joined(separator: ","))
                    }
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// One row per answer, oldest first, with when it was given and the objective it counts for, in words.
    static func answersCSV(_ statements: [QueuedStatement]) -> String {
        var rows = ["answered_at,module,module_version,activity,attempt,item,question,answer,correct,objective,objective_text"]
        for queued in statements {
            guard let statement = try? XAPIStatement.decode(Array(queued.body.utf8)), let answer = AnswerRecord(statement)
            else { continue }
            rows.append([answer.timestamp, answer.module, answer.moduleVersion ?? "", answer.activity.rawValue,
                         answer.attempt.map(String.init) ?? "", answer.item, answer.prompt, answer.answer,
                         answer.isCorrect.map { $0 ? "yes" : "no" } ?? "", answer.objective ?? "", answer.objectiveText ?? ""]
                .map(csvField).joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// Every statement, with the learner as their actor: what `sync` would send, for tools that import files.
    static func xapi(_ statements: [QueuedStatement], actor: Agent?) -> String {
        let bodies = statements.compactMap { queued -> String? in
            guard var statement = try? XAPIStatement.decode(Array(queued.body.utf8)) else { return nil }
            statement.actor = actor
            return (try? statement.json()).map { String(decoding: $0, as: UTF8.self) }
        }
        return "[" + bodies.joined(separator: ",\n") + "]"
    }

    static func csvField(_ text: String) -> String { CSVField.escaped(text) }
}
