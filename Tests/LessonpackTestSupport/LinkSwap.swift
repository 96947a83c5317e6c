import Foundation
import Synchronization

/// A folder swapped, again and again on a thread of its own, with a symbolic link to a folder elsewhere:
/// `renameat2(RENAME_EXCHANGE)` exchanges the two names in one step, so at any moment the folder's name is either the
/// real folder or the link. This is how an attacker who shares a module's folder races a check of a path against its
/// use (issue 31, F3: the "link swaps under the studio" case of the hostile-network corpus).
///
/// Bounded: the thread stops after `limit` swaps or `seconds`, whichever comes first, even if `stop` is never called.
package final class LinkSwap: @unchecked Sendable {
    package enum Failure: Error, CustomStringConvertible {
        case unavailable(String)
        package var description: String {
            switch self { case .unavailable(let reason): "renameat2(RENAME_EXCHANGE) is not available: \(reason)" }
        }
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let exchange: UInt32 = 2  // RENAME_EXCHANGE, from <linux/fs.h>

    private let folder: String
    private let link: String
    private let limit: Int
    private let seconds: Double
    private let renameAt2: RenameAt2
    private let stopping = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)
    private let swaps = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)

    /// `folder` is a real folder and `link` a symbolic link (to a folder outside the tree under test), on the same
    /// file system.
    package init(folder: String, link: String, limit: Int = 5_000_000, seconds: Double = 120) throws {
        // Glibc has the wrapper since 2.28, but Swift's Glibc module does not declare it: looked up by name.
        guard let symbol = dlsym(nil, "renameat2") else {
            throw Failure.unavailable(dlerror().map { String(cString: $0) } ?? "no such function")
        }
        renameAt2 = unsafeBitCast(symbol, to: RenameAt2.self)
        self.folder = folder
        self.link = link
        self.limit = limit
        self.seconds = seconds
        // One exchange and back, to know the system allows it here before any test counts on it.
        for _ in 0..<2 {
            guard exchangeNames() else { throw Failure.unavailable(String(cString: strerror(errno))) }
        }
    }

    package func start() {
        let thread = Thread { [self] in
            let deadline = Date().addingTimeInterval(seconds)
            var count = 0
            // A swap that keeps failing (the folders are gone: the test ended without `stop`) ends the thread too.
            var failedInARow = 0
            while !stopping.load(ordering: .relaxed), count < limit, failedInARow < 10_000, Date() < deadline {
                if exchangeNames() {
                    count += 1
                    failedInARow = 0
                } else {
                    failedInARow += 1
                }
            }
            // Left as found: the real folder back under its own name.
            while count % 2 == 1, exchangeNames() { count += 1 }
            swaps.store(count, ordering: .relaxed)
            finished.signal()
        }
        thread.start()
    }

    private func exchangeNames() -> Bool { renameAt2(AT_FDCWD, folder, AT_FDCWD, link, Self.exchange) == 0 }

    /// Stops swapping, with the folder and the link back in their places; returns how many swaps were made. Waits
    /// for the thread only the first time, so a `defer` may call it again.
    @discardableResult
    package func stop() -> Int {
        stopping.store(true, ordering: .relaxed)
        if !stopped.exchange(true, ordering: .acquiringAndReleasing) { finished.wait() }
        return swaps.load(ordering: .relaxed)
    }
}
