import Foundation
import LessonpackSystem

/// What a folder holds, file by file (size and modification time), to tell cheaply whether anything was saved
/// since the last look. Polling rather than inotify: it works the same on every filesystem (network shares,
/// containers' bind mounts) and for every editor, including those that save by writing a new file and renaming it.
package struct FolderSnapshot: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        var size: Int
        var modified: TimeInterval
    }

    private var files: [String: Stamp] = [:]

    /// Everything under `folders` (links followed), except hidden files and folders and editors' backups.
    package init(of folders: [String]) {
        for folder in folders {
            for relative in FileTree.files(under: folder) {
                let path = folder + "/" + relative
                var status = stat()
                guard stat(path, &status) == 0 else { continue }
                files[path] = Stamp(size: Int(status.st_size),
                                    modified: TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9)
            }
        }
    }

    /// The files added, removed or changed since `earlier`, sorted.
    package func changes(since earlier: FolderSnapshot) -> [String] {
        Set(files.keys).union(earlier.files.keys).filter { files[$0] != earlier.files[$0] }.sorted()
    }
}
