import Foundation
import LessonpackDiagnostics

/// An exclusive lock on a folder that lessonpack writes into (a library, a release), held by one process at a time
/// through `flock` on a lock file inside it. The kernel drops the lock when its holder dies, however it dies, so
/// whoever holds it next knows that any temporary file left in the folder belongs to nobody, and may clear it.
package final class FolderLock: @unchecked Sendable {
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
        /// Another process holds the lock (rather than the lock file being impossible to make).
        package var isBusy = false
    }

    private let descriptor: Int32

    /// Waits up to `timeout` seconds for the lock on `folder` (created if needed).
    package init(_ folder: String, name: String = ".lock", timeout: TimeInterval = 30) throws(Failure) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw Failure(description: "cannot create \(folder): \(SystemErrorText.describe(error))")
        }
        let path = folder + "/" + name
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(path): \(ReadableFile.reason())") }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let busy = errno == EWOULDBLOCK || errno == EINTR
            guard busy, Date() < deadline else {
                close(descriptor)
                throw Failure(description: "\(folder) is in use by another lessonpack (it holds \(path)); try again " +
                              "when it has finished", isBusy: busy)
            }
            usleep(50_000)
        }
        self.descriptor = descriptor
    }

    /// The name `AtomicFile` gives a file it is writing: `.NAME.tmp-XXXXXX`.
    package static func isTemporaryFile(_ name: String) -> Bool { name.hasPrefix(".") && name.contains(".tmp-") }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Removes the regular files and folders directly in `folder` whose names `isLeftover` picks: what an earlier
    /// run, killed before it could clean up, left behind. Call only while holding the lock.
    @discardableResult
    package func removeLeftovers(in folder: String, where isLeftover: (String) -> Bool) -> [String] {
        // Through the folder's descriptor: a leftover swapped for a link after it was looked at loses the link,
        // never what it leads to.
        guard let open = try? OpenFolder(folder) else { return [] }
        var removed: [String] = []
        for name in open.names().sorted() where isLeftover(name) {
            guard let type = open.status(of: name).map({ $0.st_mode & S_IFMT }), type == S_IFREG || type == S_IFDIR else {
                continue
            }
            open.removeTree(name)
            if open.status(of: name) == nil { removed.append(name) }
        }
        return removed
    }
}

extension FolderLock.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(isBusy ? .folderBusy : .folderLockFailed, description)] }
}

extension DiagnosticCode {
    /// Another lessonpack holds the folder (a library, a release, a progress store) and did not let go in time.
    package static let folderBusy: DiagnosticCode = "folder-busy"
    /// The folder's lock file cannot be made or opened.
    package static let folderLockFailed: DiagnosticCode = "folder-lock-failed"
}
