import Foundation
import LessonpackModel
import LessonpackSystem

/// module.json files whose check passed with this very build. The player checks a bundle's module as it opens it,
/// and a learner opens the same bundle day after day: the verdict on the same bytes under the same rules cannot
/// change, and the check is a twentieth of what the player does before its first prompt.
///
/// A module is remembered by the SHA-256 its manifest gives module.json (BundleScan asks only once the bytes match
/// it) and the build's identity (its version and its executable's file identity), as an empty file named by the
/// hash of both. Only passes are remembered; a bundle that failed is checked, and refused, every time. The folder is
/// the learner's own cache, as trusted as the executable beside it, and only while it is theirs alone: a folder
/// another user owns or may write to gives no verdict. Anything that goes wrong in it means only that the check runs.
package struct CheckedModuleMemory: Sendable {
    package let folder: String
    private let build: String

    package init(folder: String, build: String) {
        self.folder = folder
        self.build = build
    }

    /// The memory of the running build under `cacheFolder`, or nil when the build cannot be named.
    package static func forThisBuild(in cacheFolder: String) -> CheckedModuleMemory? {
        BuildIdentity.current.map { CheckedModuleMemory(folder: cacheFolder, build: ToolVersion.current + " " + $0) }
    }

    /// Whether a module.json with this SHA-256 passed before, with this build.
    package func passed(moduleSHA256 digest: String) -> Bool {
        var folderStatus = stat()
        guard lstat(folder, &folderStatus) == 0, (folderStatus.st_mode & S_IFMT) == S_IFDIR,
              folderStatus.st_uid == geteuid(), folderStatus.st_mode & (S_IWGRP | S_IWOTH) == 0 else { return false }
        var status = stat()
        // lstat: a link planted in the cache is not a verdict.
        return lstat(entry(digest), &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && status.st_uid == geteuid()
    }

    package func rememberPassed(moduleSHA256 digest: String) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try AtomicFile.write([UInt8](), to: entry(digest))
        } catch {
            // Not remembered: the next opening checks again.
        }
    }

    private func entry(_ digest: String) -> String {
        folder + "/" + FileDigest.sha256(of: Array("\(build)\n\(digest)".utf8))
    }
}
