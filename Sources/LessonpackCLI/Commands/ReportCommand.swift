import ArgumentParser
import Foundation
import LessonpackDiagnostics
import LessonpackRemote
import LessonpackSystem
import LessonpackXAPI
import TerminalText

struct ReportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case html, csv, json }

    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A teacher's report of a class's results: a gradebook per objective, as HTML or CSV.",
        discussion: """
            Reads the statements Lessonpack's learners sent with 'sync', from the record store at --lrs (with \
            --credentials or LESSONPACK_LRS_USERNAME and LESSONPACK_LRS_PASSWORD), or from files that \
            'progress --format xapi' wrote. Per module: learners × objectives (percent correct), tests taken, \
            the last test's score and the last activity, learners below the pass mark first; per-objective bars \
            for the class, item difficulty, the most-missed items with their text, and each learner's answers. \
            docs/publishing.md has the details.

            Examples:
              lessonpack report --lrs https://lrs.example.org/xAPI/ --credentials lrs.txt -o class.html
              lessonpack report progress-*.json --format csv -o class.csv
            """)

    @Argument(help: "Statement files (JSON arrays), instead of --lrs.", completion: .file())
    var files: [String] = []

    @Option(help: "The record store's xAPI endpoint, e.g. https://lrs.example.org/xAPI/.")
    var lrs: String?

    @Option(help: "A file holding NAME:PASSWORD for the record store.", completion: .file())
    var credentials: String?

    @Option(help: "Only results from this day or moment on (2026-09-01, or an ISO 8601 time).")
    var since: String?

    @Option(help: "Only results before this day or moment (the day itself is left out).")
    var until: String?

    @Option(help: "Output format: html or csv for people and spreadsheets, json for tools.")
    var format: Format = .html

    @OptionGroup var console: ConsoleOptions

    @Option(name: .shortAndLong, help: "Where to write the report ('-' for standard output).")
    var output: String = "-"

    /// Statement files are read whole: a class's year of answers fits, a runaway file does not.
    static let fileLimit = 512 << 20

    func validate() throws {
        if lrs != nil, !files.isEmpty { throw ValidationError("give either --lrs or statement files, not both") }
        _ = try Self.moment(since, "--since")
        _ = try Self.moment(until, "--until")
    }

    func run() throws {
        let since = try Self.moment(since, "--since"), until = try Self.moment(until, "--until")
        var statements: [XAPIStatement] = []
        var skipped = 0
        // Statement files named on the command line are read; else the record store, from --lrs or config.plist.
        let configuration = try UserConfiguration.load()
        let lrs = files.isEmpty ? lrs ?? configuration.lrs : nil
        if files.isEmpty, lrs == nil {
            throw CommandFailure(.argumentInvalid, "give --lrs or statement files (or set 'lrs' in " +
                                 "\(UserConfiguration.path() ?? "config.plist"))")
        }
        if let lrs {
            let connection = try LRSConnection(address: lrs, credentialsFile: credentials ?? configuration.credentials)
            let fetched = connection.run { client async -> Result<(statements: [XAPIStatement], skipped: Int), RemoteError> in
                do throws(RemoteError) { return .success(try await client.statements(since: since)) } catch {
                    return .failure(error)
                }
            }
            switch fetched {
            case .success(let page): (statements, skipped) = (page.statements, page.skipped)
            case .failure(let error): throw error
            }
        }
        for file in files {
            let read = try Self.statements(in: file)
            statements += read.statements
            skipped += read.skipped
        }
        let gradebook = Gradebook(statements, since: since, until: until)
        let engine = console.engine(format: format == .json ? .json : .text)
        if skipped + gradebook.ignored > 0 {
            engine.emit([.warning(.reportStatementsLeftOut, "\(skipped + gradebook.ignored) statements were not " +
                                  "Lessonpack's or could not be read, and were left out", at: SourceLocation(file: ""))])
        }
        let body = ReportJSON(gradebook, statements: statements.count)
        let text: String = switch format {
        case .html: gradebook.html(generated: Date())
        case .csv: gradebook.csv()
        case .json: JSONReport(command: "report", diagnostics: engine.diagnostics, body: body).rendered() + "\n"
        }
        switch OutputTarget(output) {
        case .standardOutput:
            if format == .json { return try engine.finish(command: "report", body: body) }
            Console.data(text, terminator: "")
        case .file(let path):
            try AtomicFile.write(text, to: path, links: .writeThrough)
            let learners = Set(gradebook.modules.flatMap { $0.learners.map(\.key) }).count
            engine.summarise("wrote \(TerminalSafe.line(path)): \(gradebook.modules.count) module\(gradebook.modules.count == 1 ? "" : "s"), " +
                             "\(learners) learner\(learners == 1 ? "" : "s"), from \(statements.count) statements")
        }
        try engine.finish(command: "report")
    }

    /// A file of statements: a JSON array, or an object with a `statements` array (a record store's page).
    static func statements(in path: String) throws -> (statements: [XAPIStatement], skipped: Int) {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: fileLimit).get() } catch {
            throw CommandFailure(.reportInputInvalid, "cannot read \(TerminalSafe.line(path)): \(error.description)")
        }
        struct Page: Decodable { var statements: [LenientStatement] }
        let decoder = JSONDecoder()
        let entries: [LenientStatement]
        if let array = try? decoder.decode([LenientStatement].self, from: Data(bytes)) {
            entries = array
        } else if let page = try? decoder.decode(Page.self, from: Data(bytes)) {
            entries = page.statements
        } else {
            throw CommandFailure(.reportInputInvalid, "\(TerminalSafe.line(path)) is not a JSON array of xAPI statements")
        }
        return (entries.compactMap(\.statement), entries.filter { $0.statement == nil }.count)
    }

    /// `2026-09-01` (that day's start, UTC) or a full ISO 8601 time.
    static func moment(_ text: String?, _ option: String) throws -> Date? {
        guard let text else { return nil }
        if let date = XAPITime.date(text) { return date }
        if let day = try? Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month().day().parse(text) {
            return day
        }
        throw ValidationError("\(option) '\(text)' is not a day (2026-09-01) or an ISO 8601 time")
    }
}

/// `report --format json`'s own keys: `{"statements", "ignored", "since", "until", "modules": [{"id", "title",
/// "passMark", "objectives": [{"id", "text", "correct", "total"}], "items": [{"id", "text", "objective", "correct",
/// "total"}], "learners": [{"key", "name", "testAttempts", "lastTestPercent", "bestTestPercent", "belowPassMark",
/// "lastActivity", "objectives": {id: {"correct", "total"}}}]}]}`; times in ISO 8601.
struct ReportJSON: Encodable {
    struct Tally: Encodable {
        var correct: Int
        var total: Int
        init(_ tally: Gradebook.Tally) { (correct, total) = (tally.correct, tally.total) }
    }
    struct Objective: Encodable { var id: String; var text: String?; var correct: Int; var total: Int }
    struct Item: Encodable { var id: String; var text: String?; var objective: String?; var correct: Int; var total: Int }
    struct Learner: Encodable {
        var key: String
        var name: String?
        var testAttempts: Int
        var lastTestPercent: Double?
        var bestTestPercent: Double?
        var belowPassMark: Bool?
        var lastActivity: String
        var objectives: [String: Tally]
    }
    struct Module: Encodable {
        var id: String
        var title: String?
        var passMark: Int?
        var objectives: [Objective]
        var items: [Item]
        var learners: [Learner]
    }

    var statements: Int
    var ignored: Int
    var since: String?
    var until: String?
    var modules: [Module]

    init(_ gradebook: Gradebook, statements: Int) {
        self.statements = statements
        ignored = gradebook.ignored
        since = gradebook.since?.ISO8601Format()
        until = gradebook.until?.ISO8601Format()
        modules = gradebook.modules.map { module in
            Module(id: module.id, title: module.title, passMark: module.passMark,
                   objectives: module.objectives.map {
                       Objective(id: $0.id, text: $0.text, correct: $0.tally.correct, total: $0.tally.total)
                   },
                   items: module.items.map {
                       Item(id: $0.id, text: $0.text, objective: $0.objective, correct: $0.tally.correct, total: $0.tally.total)
                   },
                   learners: module.learners.map {
                       Learner(key: $0.key, name: $0.name, testAttempts: $0.testAttempts, lastTestPercent: $0.lastTestPercent,
                               bestTestPercent: $0.bestTestPercent, belowPassMark: $0.belowPassMark,
                               lastActivity: $0.lastActivity.ISO8601Format(), objectives: $0.objectives.mapValues(Tally.init))
                   })
        }
    }
}
