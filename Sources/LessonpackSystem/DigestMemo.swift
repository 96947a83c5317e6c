import Foundation
import Synchronization

/// SHA-256s remembered for as long as a process keeps asking about the same files: the studio checks a module after
/// every save, and hashing a few hundred megabytes of unchanged video each time would make each keystroke's save
/// take seconds; and a build writes a medium without hashing it again when its check has just hashed it. A file is
/// the same while its device, inode, size and modification time (to the nanosecond) are, as git's index assumes.
package final class DigestMemo: Sendable {
    private struct Entry {
        var digest: String
        /// When the hashing started (nanoseconds since 1970, the clock file times are read from).
        var hashedAt: Int64
    }

    private let digests = Mutex<[FileIdentity: Entry]>([:])

    package init() {}

    /// The digest of an open file, from memory when the file is unchanged since it was last hashed.
    package func sha256(of file: ReadableFile, compute: () -> String?) -> String? {
        guard let status = file.status() else { return compute() }
        let identity = FileIdentity(status)
        if let known = digests.withLock({ $0[identity] }) { return known.digest }
        let startedAt = Self.now()
        guard let digest = compute() else { return nil }
        digests.withLock { $0[identity] = Entry(digest: digest, hashedAt: startedAt) }
        return digest
    }

    /// The digest remembered for an open file, only when it is unchanged since it was hashed and had not been
    /// modified for a while before: never computed here. A file modified in the moment it was hashed may change
    /// again without its time changing where a file system keeps coarse times (git's "racily clean" files), so a
    /// build, which must record what it writes, hashes such a file as it writes it.
    package func settledSHA256(of file: ReadableFile) -> String? {
        guard let status = file.status() else { return nil }
        let identity = FileIdentity(status)
        guard let entry = digests.withLock({ $0[identity] }),
              identity.modified < entry.hashedAt - Self.racyWindow else { return nil }
        return entry.digest
    }

    /// Two seconds: FAT's time resolution, the coarsest a learner's or a teacher's disk is likely to have.
    private static let racyWindow: Int64 = 2_000_000_000

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
