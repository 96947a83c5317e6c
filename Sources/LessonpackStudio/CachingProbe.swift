import Foundation
import LessonpackAuthoring
import LessonpackModel
import LessonpackSystem
import Synchronization

/// ffprobe once per file version: the studio rescans media/ after every upload, and probing fifty unchanged clips
/// again each time would make a drop take seconds. A file is the same version while its size and modification
/// time are.
package final class CachingProbe: MediaProbe {
    private struct Version: Hashable {
        var path: String
        var size: Int
        var modified: Date
        var kind: MediaKind
    }

    private let probe: any MediaProbe
    private let findings = Mutex<[Version: ProbeFinding]>([:])
    /// What media.plist says of each file, by its path on disk: a file whose content is still what was scanned then
    /// needs no second look.
    private let listed = Mutex<[String: MediaFile]>([:])

    /// The hashes the scanner and the checker remember: a file the scan just hashed is not read again here.
    private let digests: DigestMemo

    package init(_ probe: any MediaProbe, digests: DigestMemo) {
        self.probe = probe
        self.digests = digests
    }

    package var unavailableReason: String? { probe.unavailableReason }

    /// Takes the durations a module's manifest records, for files whose SHA-256 still matches it.
    package func trust(_ media: [MediaFile], in moduleFolder: String) {
        let folder = MediaFolder(moduleFolder: moduleFolder)
        listed.withLock { table in
            for file in media where MediaFolder.problem(with: file.path) == nil { table[folder.path(file.path)] = file }
        }
    }

    package func probe(fileAt path: String, kind: MediaKind, fileExtension: String) -> ProbeFinding {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date else {
            return probe.probe(fileAt: path, kind: kind, fileExtension: fileExtension)
        }
        let version = Version(path: path, size: size, modified: modified, kind: kind)
        if let known = findings.withLock({ $0[version] }) { return known }
        var finding: ProbeFinding
        if let entry = listed.withLock({ $0[path] }), entry.kind == kind, entry.size == size,
           case .success(let file) = ReadableFile.open(path, links: .refuse),
           digests.sha256(of: file, compute: { FileDigest.sha256(ofFileAt: path, links: .refuse) }) == entry.sha256 {
            finding = .decoded(duration: entry.duration)
        } else {
            finding = probe.probe(fileAt: path, kind: kind, fileExtension: fileExtension)
        }
        findings.withLock { $0[version] = finding }
        return finding
    }
}
