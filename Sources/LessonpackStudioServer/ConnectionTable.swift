import NIOCore
import Synchronization

/// Which connections the studio keeps when more arrive than it holds. Any local process may open connections without
/// the token; were the studio to take them all, the process would run out of descriptors and stop accepting the
/// author's (issue 31, F2: 1,100 idle connections against 1,024 descriptors). So it holds at most `limit`, and each
/// one past that closes the oldest connection that is neither showing the token nor being answered: a connection that
/// sent a complete request is never dropped before its answer, nor one that ever carried the token. When every other
/// connection is one of those, the newcomer itself is refused.
struct ConnectionTable<ID: Hashable>: Sendable where ID: Sendable {
    let limit: Int
    private var entries: [ID: Entry] = [:]
    private var arrivals: UInt64 = 0

    private struct Entry: Sendable {
        var arrival: UInt64
        /// Requests whose head has come and whose answer has not all been written.
        var inProgress = 0
        /// Whether a request on it carried the session's token.
        var trusted = false
    }

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var count: Int { entries.count }

    /// Takes `id` in; the answer is the connection to close to stay within the limit (nil: none), which may be `id`.
    /// The one named is no longer counted.
    mutating func admit(_ id: ID) -> ID? {
        entries[id] = Entry(arrival: arrivals)
        arrivals += 1
        guard entries.count > limit else { return nil }
        let victim = entries.filter { !$0.value.trusted && $0.value.inProgress == 0 }
            .min { $0.value.arrival < $1.value.arrival }?.key ?? id
        entries[victim] = nil
        return victim
    }

    mutating func requestStarted(_ id: ID) { entries[id]?.inProgress += 1 }
    mutating func requestAnswered(_ id: ID) {
        if let entry = entries[id] { entries[id]?.inProgress = max(0, entry.inProgress - 1) }
    }
    mutating func trust(_ id: ID) { entries[id]?.trusted = true }
    mutating func closed(_ id: ID) { entries[id] = nil }
}

/// The studio's connections, shared by the event loops that accept and serve them.
final class StudioConnections: Sendable {
    private let table: Mutex<ConnectionTable<ObjectIdentifier>>
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    init(limit: Int) {
        table = Mutex(ConnectionTable(limit: limit))
    }

    var count: Int { table.withLock { $0.count } }

    /// Counts `channel` in, closing the connection that makes room (or `channel` itself).
    func opened(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        channels.withLock { $0[id] = channel }
        guard let victim = table.withLock({ $0.admit(id) }) else { return }
        channels.withLock { $0.removeValue(forKey: victim) }?.close(promise: nil)
    }

    func closed(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        table.withLock { $0.closed(id) }
        channels.withLock { _ = $0.removeValue(forKey: id) }
    }

    func requestStarted(_ channel: any Channel) { table.withLock { $0.requestStarted(ObjectIdentifier(channel)) } }
    func requestAnswered(_ channel: any Channel) { table.withLock { $0.requestAnswered(ObjectIdentifier(channel)) } }
    func trust(_ channel: any Channel) { table.withLock { $0.trust(ObjectIdentifier(channel)) } }
}
