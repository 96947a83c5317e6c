import Foundation
import LessonpackProgress
import LessonpackXAPI

/// Sends the learner's queued statements to a learning record store, oldest first, in batches. A batch is marked
/// sent only once the store has answered that it holds it; a store that is down or busy is tried again, waiting
/// longer each time. Since statement ids are fixed when the statements are queued, a batch sent twice (the answer
/// lost on the way back) is the same batch, which the store takes without storing anything twice.
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

    package struct Report: Sendable, Equatable {
        package init() {}

        package var sent = 0
        package var batches = 0
        /// Batches sent again after a failure.
        package var retries = 0
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
                            clock: @Sendable () -> Date = Date.init,
                            retrying: (String, Duration) -> Void = { _, _ in },
                            sent: (Report) -> Void = { _ in }) async throws(Failure) -> Report {
        var report = Report()
        func fail(_ error: RemoteError) -> Failure {
            report.remaining = (try? store.statementCounts().unsent) ?? report.remaining
            return Failure(error: error, report: report)
        }
        while true {
            let batch: [QueuedStatement]
            do { batch = try store.unsentStatements(limit: max(1, policy.batchSize)) } catch {
                throw fail(RemoteError(error.code, error.description))
            }
            if batch.isEmpty { break }
            let bodies = try batch.map { queued throws(Failure) -> String in
                guard var statement = try? XAPIStatement.decode(Array(queued.body.utf8)) else {
                    throw fail(RemoteError(.lrsRejected, "statement \(queued.id) in the progress store cannot be read"))
                }
                statement.actor = actor
                return String(decoding: statement.json(), as: UTF8.self)
            }
            var delay = policy.firstDelay
            var attempt = 1
            while true {
                let problem: String
                do {
                    switch try await client.post(bodies) {
                    case .accepted: problem = ""
                    case .retryLater(let status): problem = "the record store answered \(status)"
                    }
                } catch let error where error.code == .remoteUnreachable {
                    guard attempt < policy.attempts else { throw fail(error) }
                    problem = error.description
                } catch {
                    throw fail(error)
                }
                if problem.isEmpty { break }
                guard attempt < policy.attempts else {
                    throw fail(RemoteError(.remoteUnreachable, "\(problem), \(policy.attempts) times; the statements not " +
                                           "sent stay queued for the next sync", url: client.endpoint))
                }
                retrying(problem, delay)
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, policy.longestDelay)
                attempt += 1
                report.retries += 1
            }
            do { try store.markSent(batch.map(\.id), to: client.endpoint, at: clock()) } catch {
                throw fail(RemoteError(error.code, error.description))
            }
            report.sent += batch.count
            report.batches += 1
            sent(report)
        }
        return report
    }
}
