import Foundation
import LessonpackModel
import LessonpackSystem
import PropertyList

/// `lessonpack media scan`: lists every file under media/ with its kind, size, SHA-256 and duration, and writes
/// the result to media.plist. Every file is looked inside (hashed and probed) on all cores at once: a module's
/// media is dozens of clips, and each probe is mostly waiting for ffprobe to start.
package enum MediaScanner {
    package struct Scan: Sendable {
        package enum Change: String, Sendable { case added, changed, removed, unchanged }

        package var files: [MediaFile]
        package var changes: [(path: String, change: Change)]
        /// Files left out, and why (an unknown extension, a link), in words that say what to do instead.
        package var skipped: [(path: String, reason: String)]
        /// Files left out because they are not what their extension says: errors, not warnings.
        package var refused: [(path: String, reason: String)]
        /// Audio and video whose duration is unknown.
        package var withoutDuration: [String]
        /// Set when files could not be looked inside at all.
        package var probeUnavailable: String?
    }

    /// What became of one file.
    private enum Outcome: Sendable {
        case skipped(String)
        case refused(String)
        case file(MediaFile)
    }

    /// Scans `folder`/media. Where a file is unchanged since the previous manifest (same SHA-256) and the probe
    /// cannot run, its recorded duration is kept.
    /// `digests` remembers hashes of files unchanged since an earlier scan or check in the same process.
    package static func scan(folder: String, probe: any MediaProbe = FFProbe(), digests: DigestMemo? = nil) -> Scan {
        let source = try? ModuleLoader.load(folder: folder)
        let previous = Dictionary((source?.module.media ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let media = MediaFolder(moduleFolder: folder, digests: digests)
        let paths = media.allFiles()
        var scan = Scan(files: [], changes: [], skipped: [], refused: [], withoutDuration: [],
                        probeUnavailable: probe.unavailableReason)
        OrderedParallelMap.run(paths, transform: { path in
            (path, look(at: path, in: media, probe: probe, previous: previous[path]))
        }, consume: { path, outcome in
            switch outcome {
            case .skipped(let reason): scan.skipped.append((path, reason))
            case .refused(let reason): scan.refused.append((path, reason))
            case .file(let file):
                if (file.kind == .audio || file.kind == .video) && file.duration == nil { scan.withoutDuration.append(path) }
                scan.files.append(file)
                let change: Scan.Change = previous[path] == nil ? .added : previous[path] == file ? .unchanged : .changed
                scan.changes.append((path, change))
            }
        })
        let scanned = Set(scan.files.map(\.path))
        for path in previous.keys.sorted() where !scanned.contains(path) { scan.changes.append((path, .removed)) }
        return scan
    }

    private static func look(at path: String, in media: MediaFolder, probe: any MediaProbe, previous: MediaFile?) -> Outcome {
        if let reason = media.scanSkipReason(path) { return .skipped(reason) }
        let fileExtension = (path as NSString).pathExtension
        guard case .file(let size) = media.entry(path), let kind = MediaKind(fileExtension: fileExtension) else {
            return .skipped("it cannot be opened")
        }
        guard let sha256 = media.sha256(path) else { return .skipped("it cannot be read") }
        var duration: Double?
        if probe.unavailableReason == nil {
            switch probe.probe(fileAt: media.path(path), kind: kind, fileExtension: fileExtension) {
            case .refused(let reason): return .refused(reason)
            case .decoded(let measured): duration = measured
            }
        } else if previous?.sha256 == sha256 {
            duration = previous?.duration
        }
        if kind != .audio && kind != .video { duration = nil }
        // A placeholder stays one only while its bytes are the ones Lessonpack made: the author's file replaces it.
        let placeholder = previous?.sha256 == sha256 ? previous?.placeholder : nil
        return .file(MediaFile(path: path, kind: kind, size: size, sha256: sha256, duration: duration,
                               placeholder: placeholder))
    }

    /// Writes the scan to `folder`/media.plist, replacing it atomically. `placeholders` are files Lessonpack has
    /// just made as stand-ins, which `check` lists until they are replaced.
    package static func write(_ scan: Scan, folder: String, placeholders: Set<String> = []) throws {
        try AtomicFile.write(try document(scan, placeholders: placeholders), to: ModuleLayout.join(folder, SourceFile.media.path))
    }

    /// Writes media.plist into `module`, a module's folder held open (one being assembled, which another process
    /// could swap for a link if it were reached by its path again).
    package static func write(_ scan: Scan, into module: OpenFolder, placeholders: Set<String> = []) throws {
        try AtomicFile.write(Data(try document(scan, placeholders: placeholders).utf8), named: SourceFile.media.path, in: module)
    }

    private static func document(_ scan: Scan, placeholders: Set<String>) throws -> String {
        let entries = scan.files.map { file in
            var fields: [PlistEntry] = [
                PlistEntry("kind", .string(file.kind.rawValue)),
                PlistEntry("size", .integer(PlistInteger(file.size))),
                PlistEntry("sha256", .string(file.sha256)),
            ]
            if let duration = file.duration { fields.append(PlistEntry("duration", .real(duration))) }
            if file.isPlaceholder || placeholders.contains(file.path) { fields.append(PlistEntry("placeholder", .bool(true))) }
            return PlistEntry(file.path, .dictionary(fields))
        }
        return try PlistXMLWriter.xml(.dictionary([PlistEntry("files", .dictionary(entries))]))
    }
}
