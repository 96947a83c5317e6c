import Foundation
import LessonpackAuthoring
import LessonpackModel
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

    package init(_ probe: any MediaProbe) { self.probe = probe }

    package var unavailableReason: String? { probe.unavailableReason }

    package func probe(fileAt path: String, kind: MediaKind, fileExtension: String) -> ProbeFinding {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date else {
            return probe.probe(fileAt: path, kind: kind, fileExtension: fileExtension)
        }
        let version = Version(path: path, size: size, modified: modified, kind: kind)
        if let known = findings.withLock({ $0[version] }) { return known }
        let finding = probe.probe(fileAt: path, kind: kind, fileExtension: fileExtension)
        findings.withLock { $0[version] = finding }
        return finding
    }
}
