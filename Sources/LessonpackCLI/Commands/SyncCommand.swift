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

            Examples:
              lessonpack sync --lrs https://lrs.example.org/xAPI/ --credentials lrs.txt --email learner@example.org
              lessonpack sync --lrs https://lrs.example.org/xAPI/
            """)

    @Option(help: "The record store's xAPI endpoint, e.g. https://lrs.example.org/xAPI/ (default: 'lrs' in config.plist).")
    var lrs: String?

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

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...1000).contains(batchSize) else { throw ValidationError("--batch-size must be from 1 to 1000") }
    }

    func run() throws {
        let engine = output.engine()
        let configuration = try UserConfiguration.load()
        engine.emit(configuration.warnings)
        guard let lrs = lrs ?? configuration.lrs else {
            throw CommandFailure(.argumentInvalid, "name the record store with --lrs, or as 'lrs' in " +
                                 "\(UserConfiguration.path() ?? "config.plist")")
        }
        let connection = try LRSConnection(address: lrs, credentialsFile: credentials ?? configuration.credentials)
        let store = try ProgressStore(folder: dataDir ?? ProgressStore.defaultFolder())
        let actor = try LearnerIdentity.agent(email: email ?? configuration.email, name: name ?? configuration.name,
                                              store: store, remember: true)
        let quiet = engine.isJSON || output.quiet
        let policy = StatementSync.Policy(batchSize: batchSize)
        let outcome = connection.run { client async -> Result<StatementSync.Report, StatementSync.Failure> in
            do throws(StatementSync.Failure) {
                return .success(try await StatementSync.run(store, to: client, as: actor, policy: policy,
                                                            retrying: { problem, delay in
                    guard !quiet else { return }
                    Console.error("note: \(TerminalSafe.line(problem)); trying again in \(Self.seconds(delay))")
                }))
            } catch {
                return .failure(error)
            }
        }
        let endpoint = connection.endpoint
        let counts = (try? store.deliveryCounts(to: endpoint)) ?? DeliveryCounts()
        let report: StatementSync.Report
        switch outcome {
        case .success(let done): report = done
        case .failure(let stopped):
            report = stopped.report
            // The store could not be reached or refused us: the work could not be done (2), in text and JSON alike.
            engine.fail(stopped)
        }
        engine.emit(report.refused.map { refusal in
            .error(.lrsRejected, "the record store refused statement \(refusal.id); it is kept, and not sent there " +
                   "again: \(refusal.reason)", at: SourceLocation(file: endpoint))
        })
        let sent = "Sent \(report.sent) statement\(report.sent == 1 ? "" : "s") in \(report.batches) " +
            "request\(report.batches == 1 ? "" : "s") to \(TerminalSafe.line(endpoint))"
        if engine.status == 2 {
            if report.sent > 0 { engine.summarise("\(sent) before the sync stopped; \(counts.unsent) stay queued.") }
        } else if report.sent == 0 && report.refused.isEmpty && counts.accepted + counts.refused == 0 {
            engine.summarise("Nothing to send yet: answers are kept as you play ('lessonpack play' a module).")
        } else if report.sent == 0 && report.refused.isEmpty {
            engine.summarise("Nothing to send: that record store has all \(counts.accepted) statements" +
                             (counts.refused > 0 ? " but the \(counts.refused) it refused." : " already."))
        } else {
            engine.summarise(sent + (report.refused.isEmpty ? "; nothing is left to send."
                                     : "; \(report.refused.count) refused (see above)."))
        }
        try engine.finish(command: "sync", body: SyncJSON(report, counts))
    }

    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%g s", seconds)
    }
}

/// What `sync --format json` reports.
struct SyncJSON: Encodable {
    struct Refused: Encodable {
        var id: String
        var reason: String
    }

    var sent: Int
    var requests: Int
    var retries: Int
    var refused: [Refused]
    /// How the learner's statements stand with this store now.
    var unsent: Int
    var accepted: Int
    var refusedInAll: Int

    init(_ report: StatementSync.Report, _ counts: DeliveryCounts) {
        sent = report.sent
        requests = report.batches
        retries = report.retries
        refused = report.refused.map { Refused(id: $0.id, reason: $0.reason) }
        unsent = counts.unsent
        accepted = counts.accepted
        refusedInAll = counts.refused
    }
}
