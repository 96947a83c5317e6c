import ArgumentParser
import Foundation
import LessonpackDiagnostics
import LessonpackProgress
import LessonpackRemote
import LessonpackXAPI
import TerminalText

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send your results to a learning record store (xAPI).",
        discussion: """
            Every answer and attempt is kept, as xAPI statements, in your progress file as it happens, online or \
            not. 'sync' sends those not sent yet to the record store at --lrs (its xAPI endpoint, e.g. \
            https://lrs.example.org/xAPI/), in batches, trying again when the store is down or busy, and marks them \
            sent only once the store has them. The store's user name and password come from --credentials FILE \
            (NAME:PASSWORD on its first line) or from LESSONPACK_LRS_USERNAME and LESSONPACK_LRS_PASSWORD. Say who \
            you are with --email (and --name) once; it is remembered. docs/publishing.md has the details.
            """)

    @Option(help: "The record store's xAPI endpoint, e.g. https://lrs.example.org/xAPI/.")
    var lrs: String

    @Option(help: "A file holding NAME:PASSWORD for the record store.", completion: .file())
    var credentials: String?

    @Option(help: "Your e-mail address, as the record store knows you (remembered).")
    var email: String?

    @Option(help: "Your name, as reports show it (remembered).")
    var name: String?

    @Option(help: "Statements per request.")
    var batchSize: Int = 100

    @Option(help: "Where progress and installed modules are kept.", completion: .directory)
    var dataDir: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        guard (1...1000).contains(batchSize) else { throw ValidationError("--batch-size must be from 1 to 1000") }
    }

    func run() throws {
        let credentials = try LRSOptions.credentials(file: credentials)
        let store: ProgressStore
        do { store = try ProgressStore(folder: dataDir ?? ProgressStore.defaultFolder()) } catch {
            throw CommandFailure(error.description, code: error.code.rawValue)
        }
        let actor = try LearnerOptions.actor(email: email, name: name, store: store, remember: true)
        let endpoint = lrs
        let quiet = format == .json
        let policy = StatementSync.Policy(batchSize: batchSize)
        let outcome = AsyncWork.wait { () async -> Result<StatementSync.Report, StatementSync.Failure> in
            let fetcher = HTTPFetcher()
            let result: Result<StatementSync.Report, StatementSync.Failure>
            do throws(StatementSync.Failure) {
                let client: LRSClient
                do throws(RemoteError) {
                    client = try LRSClient(endpoint: endpoint, credentials: credentials, fetcher: fetcher)
                } catch {
                    throw StatementSync.Failure(error: error, report: StatementSync.Report())
                }
                result = .success(try await StatementSync.run(store, to: client, as: actor, policy: policy, retrying: { problem, delay in
                    guard !quiet else { return }
                    Console.error("note: \(TerminalSafe.line(problem)); trying again in \(Self.seconds(delay))")
                }))
            } catch {
                result = .failure(error)
            }
            await fetcher.shutdown()
            return result
        }
        let counts = (try? store.statementCounts()) ?? (unsent: 0, sent: 0)
        switch outcome {
        case .success(let report):
            if format == .json {
                Console.json(JSONReport(command: "sync", ok: true, diagnostics: [], body: SyncJSON(report, counts)).rendered())
            } else if report.sent == 0 {
                Console.out("Nothing to send: the record store has all \(counts.sent) statements already.")
            } else {
                Console.out("Sent \(report.sent) statement\(report.sent == 1 ? "" : "s") in \(report.batches) " +
                            "request\(report.batches == 1 ? "" : "s") to \(TerminalSafe.line(endpoint)); nothing is left to send.")
            }
        case .failure(let failure):
            if format == .json {
                Console.json(JSONReport(command: "sync", ok: false, diagnostics: [failure.error.diagnostic],
                                        body: SyncJSON(failure.report, counts)).rendered())
                throw ExitCode(1)
            }
            if failure.report.sent > 0 {
                Console.out("Sent \(failure.report.sent) statements before the sync stopped; \(counts.unsent) stay queued.")
            }
            throw CommandFailure(failure.error.diagnostic)
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%g s", seconds)
    }
}

/// What `sync --format json` reports.
struct SyncJSON: Encodable {
    var sent: Int
    var requests: Int
    var retries: Int
    var unsent: Int
    var sentBefore: Int

    init(_ report: StatementSync.Report, _ counts: (unsent: Int, sent: Int)) {
        sent = report.sent
        requests = report.batches
        retries = report.retries
        unsent = counts.unsent
        sentBefore = counts.sent - report.sent
    }
}

/// Where the record store's credentials come from: a file named on the command line, else the environment.
enum LRSOptions {
    static func credentials(file: String?) throws -> LRSCredentials? {
        do {
            if let file { return try LRSCredentials.read(file: file) }
            return try LRSCredentials.fromEnvironment(ProcessInfo.processInfo.environment)
        } catch {
            throw CommandFailure(error.diagnostic)
        }
    }
}

/// Who the learner is in statements: given now (and then remembered), or remembered from before.
enum LearnerOptions {
    static func actor(email: String?, name: String?, store: ProgressStore, remember: Bool) throws -> Agent {
        if let email {
            guard isAddress(email) else {
                throw CommandFailure("'\(TerminalSafe.line(email))' is not an e-mail address", code: DiagnosticCode.learnerUnknown.rawValue)
            }
            if let name, name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw CommandFailure("--name must be a name on one line", code: DiagnosticCode.learnerUnknown.rawValue)
            }
            if remember {
                do { try store.setLearner(email: email, name: name) } catch {
                    throw CommandFailure(error.description, code: error.code.rawValue)
                }
            }
            return Agent(name: name ?? store.learner()?.name, mbox: "mailto:" + email)
        }
        guard var known = store.learner() else {
            throw CommandFailure("the record store needs to know who you are: give --email (and --name) once, e.g. " +
                                 "--email ana@example.org --name 'Ana Silva'", code: DiagnosticCode.learnerUnknown.rawValue)
        }
        if let name { known.name = name }
        return known
    }

    /// Something@something.something, with nothing a mail address cannot hold.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
              !parts[1].hasSuffix("."), text.count <= 254 else { return false }
        return !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control
            || "<>()[],;:\\\"".unicodeScalars.contains($0) }
    }
}
