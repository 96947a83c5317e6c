import Foundation
import LessonpackDiagnostics
import LessonpackSystem

/// One player at a time per progress store. Two would both carry on the same attempt and overwrite each other's
/// answers without either learner knowing, so the second is refused, naming the way out. The lock is the kernel's
/// (`flock`), so a player that is killed releases it.
package final class PlayerLock: Sendable {
    private let lock: FolderLock

    package init(folder: String) throws(ProgressError) {
        do {
            lock = try FolderLock(folder, name: "player.lock", timeout: 0)
        } catch where !error.isBusy {
            throw ProgressError(.progressUnavailable, error.description)
        } catch {
            throw ProgressError(.progressInUse, "another Lessonpack player is already using the progress in \(folder): " +
                                "close it first (two players on one store would overwrite each other's answers), or " +
                                "give this one its own folder with --data-dir")
        }
    }
}
