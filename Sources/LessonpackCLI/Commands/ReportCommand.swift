import ArgumentParser
import Foundation
import LessonpackDiagnostics
import LessonpackRemote
import LessonpackSystem
import LessonpackXAPI
import TerminalText

struct ReportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case html, csv }

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

    @Option(help: "Output format: html or csv.")
    var format: Format = .html

    @Option(name: .shortAndLong, help: "Where to write the report ('-' for standard output).")
    var output: String = "-"

    /// Statement files are read whole: a class's year of answers fits, a runaway file does not.
    static let fileLimit = 512 << 20

    func validate() throws {
        guard (lrs == nil) != files.isEmpty else {
            throw ValidationError("give either --lrs or statement files, not both and not neither")
        }
        _ = try Self.moment(since, "--since")
        _ = try Self.moment(until, "--until")
    }

    func run() throws {
        let since = try Self.moment(since, "--since"), until = try Self.moment(until, "--until")
        var statements: [XAPIStatement] = []
        var skipped = 0
        if let lrs {
            let connection = try LRSConnection(address: lrs, credentialsFile: credentials)
            let fetched = connection.run { client async -> Result<(statements: [XAPIStatement], skipped: Int), RemoteError> in
                do throws(RemoteError) { return .success(try await client.statements(since: since)) } catch {
                    return .failure(error)
                }
            }
            switch fetched {
            case .success(let page): (statements, skipped) = (page.statements, page.skipped)
            case .failure(let error): throw CommandFailure(error.diagnostic)
            }
        }
        for file in files {
            let read = try Self.statements(in: file)
            statements += read.statements
            skipped += read.skipped
        }
        let gradebook = Gradebook(statements, since: since, until: until)
        let text = format == .html ? gradebook.html(generated: Date()) : gradebook.csv()
        switch OutputTarget(output) {
        case .standardOutput:
            Console.data(text, terminator: "")
        case .file(let path):
            do { try AtomicFile.write(text, to: path, links: .writeThrough) } catch { throw CommandFailure(writing: error) }
            let learners = Set(gradebook.modules.flatMap { $0.learners.map(\.key) }).count
            Console.out("wrote \(TerminalSafe.line(path)): \(gradebook.modules.count) module\(gradebook.modules.count == 1 ? "" : "s"), " +
                        "\(learners) learner\(learners == 1 ? "" : "s"), from \(statements.count) statements")
        }
        if skipped + gradebook.ignored > 0 {
            Console.error("note: \(skipped + gradebook.ignored) statements were not Lessonpack's or could not be read, and were left out")
        }
    }

    /// A file of statements: a JSON array, or an object with a `statements` array (a record store's page).
    static func statements(in path: String) throws -> (statements: [XAPIStatement], skipped: Int) {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: fileLimit).get() } catch {
            throw CommandFailure("cannot read \(TerminalSafe.line(path)): \(error.description)", code: DiagnosticCode.reportInputInvalid.rawValue)
        }
        struct Page: Decodable { var statements: [LenientStatement] }
        let decoder = JSONDecoder()
        let entries: [LenientStatement]
        if let array = try? decoder.decode([LenientStatement].self, from: Data(bytes)) {
            entries = array
        } else if let page = try? decoder.decode(Page.self, from: Data(bytes)) {
            entries = page.statements
        } else {
            throw CommandFailure("\(TerminalSafe.line(path)) is not a JSON array of xAPI statements", code: DiagnosticCode.reportInputInvalid.rawValue)
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
