import Foundation
import LessonpackModel
import LessonpackSystem
import PropertyList

/// `lessonpack media scan`: lists every file under media/ with its kind, size, SHA-256 and duration, and writes
/// the result to media.plist.
package enum MediaScanner {
    package struct Scan: Sendable {
        package enum Change: String, Sendable { case added, changed, removed, unchanged }

        package var files: [MediaFile]
        package var changes: [(path: String, change: Change)]
        /// Files left out, and why (an unknown extension, a link).
        package var skipped: [(path: String, reason: String)]
        /// Audio and video whose duration is unknown.
        package var withoutDuration: [String]
        /// Set when no duration could be measured at all.
        package var probeUnavailable: String?
    }

    /// Scans `folder`/media. Where a file is unchanged since the previous manifest (same SHA-256) and the probe
    /// cannot run, its recorded duration is kept.
    package static func scan(folder: String, probe: any DurationProbe = FFProbe()) -> Scan {
        let source = try? ModuleLoader.load(folder: folder)
        let previous = Dictionary((source?.module.media ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let media = MediaFolder(moduleFolder: folder)
        var scan = Scan(files: [], changes: [], skipped: [], withoutDuration: [],
                        probeUnavailable: probe.unavailableReason)
        for path in media.allFiles() {
            if let problem = MediaFolder.problem(with: path) {
                scan.skipped.append((path, problem))
                continue
            }
            guard case .file(let size) = media.entry(path) else {
                scan.skipped.append((path, "not a regular file (links are not followed)"))
                continue
            }
            let fileExtension = (path as NSString).pathExtension
            guard let kind = MediaKind(fileExtension: fileExtension) else {
                scan.skipped.append((path, "'.\(fileExtension)' is not a media type a module uses"))
                continue
            }
            guard let sha256 = media.sha256(path) else {
                scan.skipped.append((path, "cannot be read"))
                continue
            }
            var duration: Double?
            if kind == .audio || kind == .video {
                let old = previous[path]
                duration = probe.unavailableReason == nil ? probe.duration(ofFileAt: media.path(path))
                    : (old?.sha256 == sha256 ? old?.duration : nil)
                if duration == nil { scan.withoutDuration.append(path) }
            }
            let file = MediaFile(path: path, kind: kind, size: size, sha256: sha256, duration: duration)
            scan.files.append(file)
            let change: Scan.Change = previous[path] == nil ? .added : previous[path] == file ? .unchanged : .changed
            scan.changes.append((path, change))
        }
        let scanned = Set(scan.files.map(\.path))
        for path in previous.keys.sorted() where !scanned.contains(path) { scan.changes.append((path, .removed)) }
        return scan
    }

    /// Writes the scan to `folder`/media.plist, replacing it atomically.
    package static func write(_ scan: Scan, folder: String) throws {
        let entries = scan.files.map { file in
            var fields: [PlistEntry] = [
                PlistEntry("kind", .string(file.kind.rawValue)),
                PlistEntry("size", .integer(PlistInteger(file.size))),
                PlistEntry("sha256", .string(file.sha256)),
            ]
            if let duration = file.duration { fields.append(PlistEntry("duration", .real(duration))) }
            return PlistEntry(file.path, .dictionary(fields))
        }
        let document = try PlistXMLWriter.xml(.dictionary([PlistEntry("files", .dictionary(entries))]))
        try AtomicFile.write(document, to: ModuleLayout.join(folder, SourceFile.media.path))
    }
}
