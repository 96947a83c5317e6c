import Foundation
import LessonpackAuthoring
import LessonpackBundle
import LessonpackCore
import LessonpackModel
import LessonpackSystem

/// `lessonpack export web`: bundles as a static site any web server can serve, with no server code of ours. The
/// site holds the web player's page, the learning core (WebAssembly), and per module its content as the core's
/// JSON, its subtitles as WebVTT and its media, under modules/ID/; manifest.json lists the modules and every file,
/// which the service worker keeps for use offline.
///
/// Bundles are untrusted: each is opened by the bundle reader (every hash, the module held to `check`'s rules), and
/// a module's id and its media names become file names only once they pass the same rules as a bundle's entry
/// names. The site is written in a new folder beside the output and renamed into place when complete, so a failed
/// export leaves the output as it was.
package enum WebExport {
    /// The manifest's `format`, which `--force` looks for before replacing a folder.
    package static let format = "lessonpack-web"

    package struct ExportedModule: Sendable, Equatable, Encodable {
        package var id: String
        package var title: String
        package var version: String
        package var level: String
        package var summary: String
        package var language: String?
        /// The module's folder in the site, relative to it and ending in "/".
        package var folder: String
        package var activities: [String]
        package var mediaFiles: Int
        package var cues: Int
    }

    package struct Site: Sendable, Equatable {
        package var folder: String
        package var modules: [ExportedModule]
        /// Every file written, relative to the folder.
        package var files: [String]
        package var version: String
    }

    /// Writes the site of `bundles` at `output`. An output that exists must be an empty folder, or, with `replacing`,
    /// an earlier web export (a folder with this format's manifest.json).
    package static func write(bundles: [String], to output: String, core: [UInt8], replacing: Bool) throws -> Site {
        let target = URL(fileURLWithPath: output).standardizedFileURL.path
        let existing = try existingOutput(target, replacing: replacing)
        let opened = try bundles.map { path in try BundleReader.open(path) }
        var seen: [String: String] = [:]
        for (bundle, path) in zip(opened, bundles) {
            guard safeName(bundle.module.id) else {
                throw WebExportError(.webNameUnsafe, "\(path): the module id '\(bundle.module.id)' cannot name a folder of the site", file: path)
            }
            if let other = seen[bundle.module.id] {
                throw WebExportError(.webModuleDuplicate, "\(path) and \(other) both hold the module '\(bundle.module.id)': export one of them", file: path)
            }
            seen[bundle.module.id] = path
        }

        let parent = (target as NSString).deletingLastPathComponent
        let base = (target as NSString).lastPathComponent
        let work = "\(parent)/.\(base).partial-\(UUID().uuidString.prefix(8))"
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        } catch {
            throw WebExportError(.webOutputUnwritable, "\(parent): cannot make a folder here: \(error.localizedDescription)", file: parent)
        }
        do {
            var site = try writeSite(opened, in: work, core: core)
            try moveIntoPlace(work, to: target, existing: existing)
            site.folder = target
            return site
        } catch {
            try? FileManager.default.removeItem(atPath: work)
            throw error
        }
    }

    /// What is at the output now: nothing, an empty folder, or an earlier export that may be replaced.
    enum Existing { case nothing, emptyFolder, earlierExport }

    static func existingOutput(_ target: String, replacing: Bool) throws(WebExportError) -> Existing {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else { return .nothing }
        guard isFolder.boolValue else { throw WebExportError(.webOutputNotFolder, "\(target) exists and is not a folder", file: target) }
        let contents: [String]
        do {
            contents = try FileManager.default.contentsOfDirectory(atPath: target)
        } catch {
            // A folder that cannot be listed is not known to be empty: nothing in it is replaced.
            throw WebExportError(.webOutputUnwritable, "\(target) cannot be read: \(error.localizedDescription)", file: target)
        }
        if contents.isEmpty { return .emptyFolder }
        guard replacing else {
            throw WebExportError(.webOutputNotEmpty, "\(target) is not empty: choose a new folder, or give --force to replace an earlier web export", file: target)
        }
        guard let listed = earlierExportFiles(target) else {
            throw WebExportError(.webOutputNotExport, "\(target) is not an earlier web export (it has no web player manifest.json): it is not replaced, even with --force", file: target)
        }
        // What someone added to the site since (a server's .htaccess, a CNAME, a .git folder) would go with it.
        let added = (FileManager.default.subpaths(atPath: target) ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: "\(target)/\(path)", isDirectory: &isFolder) && !isFolder.boolValue
                && !listed.contains(path)
        }.sorted()
        guard added.isEmpty else {
            throw WebExportError(.webOutputNotExport, "\(target) holds files the export did not write (\(added.prefix(3).joined(separator: ", "))" +
                                 "\(added.count > 3 ? ", …" : "")): it is not replaced, even with --force; move them out first", file: target)
        }
        return .earlierExport
    }

    /// The files an earlier export lists in its manifest, and the manifest itself; nil when the folder holds no
    /// web player manifest.
    static func earlierExportFiles(_ folder: String) -> Set<String>? {
        guard case .success(let bytes) = BoundedFile.read("manifest.json", in: folder, limit: 64 << 20),
              let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              object["format"] as? String == format else { return nil }
        return Set((object["files"] as? [String] ?? []) + ["manifest.json"])
    }

    /// A module id or a media file's path segment that can name a file on any server and in a URL unescaped: ASCII
    /// letters, digits, '-', '_' and '.', not starting with '.'.
    static func safeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    static func writeSite(_ bundles: [OpenedBundle], in work: String, core: [UInt8]) throws -> Site {
        var written: [(path: String, sha256: String)] = []
        func put(_ bytes: [UInt8], _ path: String) throws(WebExportError) {
            let file = "\(work)/\(path)"
            do {
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: file))
            } catch {
                throw WebExportError(.webOutputUnwritable, "\(file) cannot be written: \(error.localizedDescription)", file: file)
            }
            written.append((path, FileDigest.sha256(of: bytes)))
        }

        for file in WebPlayerPage.files { try put(file.bytes, file.name) }
        try put(core, WebCoreFile.name)
        var modules: [ExportedModule] = []
        for bundle in bundles {
            let module = bundle.module
            let folder = "modules/\(module.id)/"
            try put(Array(ModuleJSON.write(module).utf8), folder + "core.json")
            try put(Array(SubtitleTrack.webVTT(module).utf8), folder + "subtitles.vtt")
            for media in module.media {
                // Each segment is a safe name on its own, so the path stays inside the module's media folder.
                let segments = media.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                guard MediaFolder.problem(with: media.path) == nil, segments.allSatisfy(safeName) else {
                    throw WebExportError(.webNameUnsafe, "\(bundle.path): the media file name '\(media.path)' cannot name a file of the site", file: bundle.path)
                }
                // The file is served from the site's own origin, where the learners' progress is: only a media type
                // of the kind the module says, never a page (.html) nor an SVG image, which can carry script.
                let fileExtension = (media.path as NSString).pathExtension.lowercased()
                guard MediaKind(fileExtension: fileExtension) == media.kind, fileExtension != "svg" else {
                    throw WebExportError(.webNameUnsafe, "\(bundle.path): the media file '\(media.path)' is not a \(media.kind.rawValue) " +
                                         "file a site may serve (\(media.kind.fileExtensions.filter { $0 != "svg" }.joined(separator: ", ")))",
                                         file: bundle.path)
                }
                let path = folder + "media/" + media.path
                let file = "\(work)/\(path)"
                do {
                    try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                } catch {
                    throw WebExportError(.webOutputUnwritable, "\(file) cannot be written: \(error.localizedDescription)", file: file)
                }
                // The bundle reader checks the entry's size and hash against the signed manifest on the way out.
                try BundleReader.extract(BundleFormat.mediaFolder + media.path, from: bundle, to: file)
                written.append((path, bundle.manifest.entry(BundleFormat.mediaFolder + media.path)?.sha256 ?? media.sha256))
            }
            modules.append(ExportedModule(id: module.id, title: module.title, version: module.version, level: module.level,
                                  summary: module.summary, language: module.language, folder: folder,
                                  activities: module.activities.map(\.rawValue), mediaFiles: module.media.count,
                                  cues: SubtitleTrack.timedLines(module).count))
        }

        // The version names this site's content, so a service worker keeps each export in a cache of its own.
        var digest = StreamingSHA256()
        for file in written.sorted(by: { $0.path < $1.path }) { digest.update(Array("\(file.path)\u{0}\(file.sha256)\n".utf8)) }
        let version = String(digest.finalize().prefix(16))
        let files = written.map(\.path).sorted()
        let manifest = Manifest(format: format, version: version, modules: modules, files: files)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(manifest) else {
            throw WebExportError(.webOutputUnwritable, "the site's manifest could not be written")
        }
        try put(Array(data), "manifest.json")
        return Site(folder: work, modules: modules, files: files + ["manifest.json"], version: version)
    }

    struct Manifest: Encodable {
        var format: String
        var version: String
        var modules: [ExportedModule]
        var files: [String]
    }

    /// Renames the finished site onto the output. An earlier export (or an empty folder) is moved aside first and
    /// removed only once the new site is in place; if that rename fails, it is moved back.
    static func moveIntoPlace(_ work: String, to target: String, existing: Existing) throws(WebExportError) {
        let aside = existing == .nothing ? nil : "\((target as NSString).deletingLastPathComponent)/.\((target as NSString).lastPathComponent).old-\(UUID().uuidString.prefix(8))"
        if let aside, rename(target, aside) != 0 {
            throw WebExportError(.webOutputUnwritable, "\(target) cannot be replaced: \(String(cString: strerror(errno)))", file: target)
        }
        guard rename(work, target) == 0 else {
            let reason = String(cString: strerror(errno))
            if let aside { _ = rename(aside, target) }
            throw WebExportError(.webOutputUnwritable, "\(target) cannot be written: \(reason)", file: target)
        }
        if let aside { try? FileManager.default.removeItem(atPath: aside) }
    }
}
