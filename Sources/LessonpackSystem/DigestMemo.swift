import Foundation
import Synchronization

/// SHA-256s remembered for as long as a process keeps asking about the same files: the studio checks a module after
/// every save, and hashing a few hundred megabytes of unchanged video each time would make each keystroke's save
/// take seconds. A file is the same while its device, inode, size and modification time (to the nanosecond) are,
/// as git's index assumes.
package final class DigestMemo: Sendable {
    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
    }

    private let digests = Mutex<[Identity: String]>([:])

    package init() {}

    /// The digest of an open file, from memory when the file is unchanged since it was last hashed.
    package func sha256(of file: ReadableFile, compute: () -> String?) -> String? {
        guard let status = file.status() else { return compute() }
        let identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                                modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
        if let known = digests.withLock({ $0[identity] }) { return known }
        guard let digest = compute() else { return nil }
        digests.withLock { $0[identity] = digest }
        return digest
    }
}
