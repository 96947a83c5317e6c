import LessonpackModel
import LessonpackSystem
import PropertyList

/// What a module's source files hold on disk, file by file, as a digest of each: two readings with the same
/// revision saw the same sources, so a page that saves against an old revision is told someone else wrote in between.
package struct SourceRevision: Sendable, Equatable {
    /// Each source file's SHA-256, or nil when it does not exist (or cannot be read: a link, a device).
    private(set) var digests: [SourceFile: String?]

    /// The reader's own limit: a file the module loads is one the studio can fingerprint and write back.
    static let sourceLimit = PlistReader.Limits().maxBytes

    package static func read(folder: String) -> SourceRevision {
        var digests: [SourceFile: String?] = [:]
        for file in SourceFile.allCases {
            switch BoundedFile.read(file.path, in: folder, limit: sourceLimit) {
            case .success(let bytes): digests[file] = FileDigest.sha256(of: bytes)
            case .failure: digests[file] = .some(nil)
            }
        }
        return SourceRevision(digests: digests)
    }

    /// One short token for the page.
    package var token: String {
        let joined = SourceFile.allCases.map { "\($0.path)=\((digests[$0] ?? nil) ?? "-")" }.joined(separator: "\n")
        return String(FileDigest.sha256(of: Array(joined.utf8)).prefix(24))
    }

    /// The files whose content differs between two readings.
    package func changedFiles(since other: SourceRevision) -> [SourceFile] {
        SourceFile.allCases.filter { (digests[$0] ?? nil) != (other.digests[$0] ?? nil) }
    }
}
