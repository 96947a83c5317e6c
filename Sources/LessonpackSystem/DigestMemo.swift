import Foundation
import Synchronization

/// SHA-256s remembered for as long as a process keeps asking about the same files: the studio checks a module after
/// every save, and hashing a few hundred megabytes of unchanged video each time would make each keystroke's save
/// take seconds. A file is the same while its device, inode, size and modification time (to the nanosecond) are,
/// as git's index assumes.
package final class DigestMemo: Sendable {
    private let digests = Mutex<[FileIdentity: String]>([:])

    package init() {}

    /// The digest of an open file, from memory when the file is unchanged since it was last hashed.
    package func sha256(of file: ReadableFile, compute: () -> String?) -> String? {
        guard let status = file.status() else { return compute() }
        let identity = FileIdentity(status)
        if let known = digests.withLock({ $0[identity] }) { return known }
        guard let digest = compute() else { return nil }
        digests.withLock { $0[identity] = digest }
        return digest
    }
}
