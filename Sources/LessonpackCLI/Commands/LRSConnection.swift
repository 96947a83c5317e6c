import Foundation
import LessonpackRemote

/// A learning record store as `sync` and `report` reach it: its address and credentials checked before anything
/// else is done (no progress store opened, no learner remembered, for an address that cannot work), then a client
/// for one piece of work.
struct LRSConnection {
    /// As `LRSClient.normalised` writes it: the key under which deliveries to this store are recorded.
    let endpoint: String
    let credentials: LRSCredentials?

    /// `credentialsFile` when given, else the environment's LESSONPACK_LRS_USERNAME and LESSONPACK_LRS_PASSWORD.
    init(address: String, credentialsFile: String?) throws {
        do {
            endpoint = try LRSClient.normalised(address)
            if let credentialsFile {
                credentials = try LRSCredentials.read(file: credentialsFile)
            } else {
                credentials = try LRSCredentials.fromEnvironment(ProcessInfo.processInfo.environment)
            }
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Runs `work` with a client of the store, and closes the client's connections before returning. Redirects are
    /// not followed: a redirected POST comes back as a GET without its body, whose 200 proves nothing.
    func run<Value: Sendable>(_ work: @escaping @Sendable (LRSClient) async -> Value) -> Value {
        let (endpoint, credentials) = (endpoint, credentials)
        return AsyncWork.wait {
            let fetcher = HTTPFetcher(followRedirects: false)
            let value = await work(LRSClient(normalised: endpoint, credentials: credentials, fetcher: fetcher))
            await fetcher.shutdown()
            return value
        }
    }
}
