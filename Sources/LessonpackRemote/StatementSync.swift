import Foundation
import LessonpackDiagnostics
import LessonpackProgress
import LessonpackXAPI

/// Sends the learner's statements that a record store does not have yet, oldest first, in batches. A batch counts
/// as delivered only once the store has answered that it holds it; a store that is down or busy is tried again,
/// waiting longer each time. Since statement ids are fixed when the statements are queued, a batch sent twice (the
/// answer lost on the way back) is the same batch, which the store takes without storing anything twice.
///
/// A store that refuses a batch as a whole (one statement it finds invalid, or one whose id it holds with other
/// content) would otherwise refuse it at every sync, and nothing after it would ever be sent: the batch is halved
/// until the statement it refuses is found, which is set aside for that store, with the store's reason, and said.
package enum StatementSync {
    package struct Policy: Sendable {
        package var batchSize: Int
        /// How many times one batch is tried before the sync gives up (the rest stays queued for the next).
        package var attempts: Int
        package var firstDelay: Duration
        package var longestDelay: Duration

        package init(batchSize: Int = 100, attempts: Int = 6, firstDelay: Duration = .milliseconds(500),
                     longestDelay: Duration = .seconds(8)) {
            self.batchSize = batchSize
            self.attempts = attempts
            self.firstDelay = firstDelay
            self.longestDelay = longestDelay
        }
    }

    package struct Refusal: Sendable, Equatable {
        package var id: String
        package var reason: String
    }

    package struct Report: Sendable, Equatable {
        package init() {}

        package var sent = 0
        /// Requests the store accepted.
        package var batches = 0
        /// Requests sent again after a failure.
        package var retries = 0
        /// Statements the store refused one by one this time: set aside, not sent to it again.
        package var refused: [Refusal] = []
        package var remaining = 0
    }

    /// A sync that stopped: why, and what it had done by then.
    package struct Failure: Error, Sendable {
        package var error: RemoteError
        package var report: Report

        package init(error: RemoteError, report: Report) {
            self.error = error
            self.report = report
        }
    }

    /// `retrying` hears of each failure that will be tried again: what went wrong and how long until then.
    package static func run(_ store: ProgressStore, to client: LRSClient, as actor: Agent, policy: Policy = Policy(),
                            clock: @escaping @Sendable () -> Date = Date.init,
                            retrying: @escaping (String, Duration) -> Void = { _, _ in }) async throws(Failure) -> Report {
        var run = Run(store: store, client: client, policy: policy, clock: clock, retrying: retrying)
        do throws(RemoteError) {
            while true {
                let batch = try run.progress { () throws(ProgressError) in
                    try store.unsentStatements(to: client.endpoint, limit: max(1, policy.batchSize))
                }
                if batch.isEmpty { break }
                let bodies = try batch.map { queued throws(RemoteError) -> String in
                    guard let json = try? XAPIStatement.json(queued.body, actor: actor) else {
                        throw RemoteError(.lrsRejected, "statement \(queued.id) in the progress store cannot be read")
                    }
                    return json
                }
                try await run.deliver(Array(zip(batch, bodies)))
            }
        } catch {
            run.report.remaining = (try? store.deliveryCounts(to: client.endpoint).unsent) ?? 0
            throw Failure(error: error, report: run.report)
        }
        return run.report
    }

    /// One sync's state: what it has done so far.
    private struct Run {
        let store: ProgressStore
        let client: LRSClient
        let policy: Policy
        let clock: @Sendable () -> Date
        let retrying: (String, Duration) -> Void
        var report = Report()

        func progress<T>(_ work: () throws(ProgressError) -> T) throws(RemoteError) -> T {
            do { return try work() } catch { throw RemoteError(error.code, error.description) }
        }

        /// Sends `part`, halving it while the store refuses it as a whole.
        mutating func deliver(_ part: [(QueuedStatement, String)]) async throws(RemoteError) {
            switch try await post(part) {
            case .accepted:
                try progress { () throws(ProgressError) in
                    try store.markAccepted(part.map(\.0), by: client.endpoint, at: clock())
                }
                report.sent += part.count
                report.batches += 1
            case .refused where part.count > 1:
                let half = part.count / 2
                try await deliver(Array(part[..<half]))
                try await deliver(Array(part[half...]))
            case .refused(let error):
                let statement = part[0].0
                try progress { () throws(ProgressError) in
                    try store.markRefused(statement, by: client.endpoint, reason: error.description, at: clock())
                }
                report.refused.append(Refusal(id: statement.id, reason: error.description))
            }
        }

        /// What came of a batch once the store stopped asking for it to be sent again.
        enum Answer {
            case accepted
            case refused(RemoteError)
        }

        /// Posts once, and again while the store is unreachable, busy or failing, up to the policy's attempts.
        mutating func post(_ part: [(QueuedStatement, String)]) async throws(RemoteError) -> Answer {
            var delay = policy.firstDelay
            var attempt = 1
            while true {
                let problem: String
                do {
                    switch try await client.post(part.map(\.1), ids: part.map(\.0.id)) {
                    case .accepted: return .accepted
                    case .refused(let error): return .refused(error)
                    case .retryLater(let status): problem = "the record store answered \(status)"
                    }
                } catch where error.code == .remoteUnreachable {
                    problem = error.description
                }
                guard attempt < policy.attempts else {
                    throw RemoteError(.remoteUnreachable, "\(problem), \(policy.attempts) times; the statements not " +
                                      "sent stay queued for the next sync", url: client.endpoint)
                }
                retrying(problem, delay)
                do { try await Task.sleep(for: delay) } catch {
                    throw RemoteError(.remoteUnreachable, "the sync was stopped; the statements not sent stay queued",
                                      url: client.endpoint)
                }
                delay = min(delay * 2, policy.longestDelay)
                attempt += 1
                report.retries += 1
            }
        }
    }
}

extension StatementSync.Failure: DiagnosticError {
    package var description: String { error.description }
    package var reportedDiagnostics: [Diagnostic] { error.reportedDiagnostics }
}
