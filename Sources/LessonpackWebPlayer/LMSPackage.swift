import BundleArchive
import Foundation
import LessonpackBundle
import LessonpackCore
import LessonpackDiagnostics
import LessonpackSystem

/// `lessonpack export scorm12` and `export cmi5`: the web player's site (as `export web` writes it) with the LMS's
/// launch page (lms.html, lms.js) and the standard's manifest, as one ZIP an LMS uploads. The site is written in a
/// temporary folder, packed into a temporary file beside the output and renamed onto it when complete, so a failed
/// export leaves the output as it was.
package enum LMSPackage {
    package enum Standard: String, Sendable, CaseIterable {
        case scorm12, cmi5

        /// The manifest's name at the package's root.
        package var manifestName: String { self == .scorm12 ? "imsmanifest.xml" : "cmi5.xml" }
    }

    package struct Package: Sendable, Equatable {
        package var file: String
        package var standard: Standard
        package var modules: [WebExport.ExportedModule]
        /// Every entry of the ZIP, in order.
        package var entries: [String]
    }

    /// Media is compressed already: deflating it again costs time and saves nothing.
    static let storedExtensions: Set<String> = ["mp4", "m4a", "m4v", "mp3", "webm", "ogg", "oga", "opus", "jpg", "jpeg",
                                                "png", "gif", "webp"]

    package static func write(_ standard: Standard, bundles: [String], to output: String, core: [UInt8],
                              replacing: Bool) throws -> Package {
        let target = URL(fileURLWithPath: output).standardizedFileURL.path
        try checkOutput(target, replacing: replacing)
        let opened = try bundles.map { path in try BundleReader.open(path) }
        var seen: [String: String] = [:]
        for (bundle, path) in zip(opened, bundles) {
            guard WebExport.safeName(bundle.module.id) else {
                throw WebExportError(.webNameUnsafe, "\(path): the module id '\(bundle.module.id)' cannot name a folder of the package", file: path)
            }
            if let other = seen[bundle.module.id] {
                throw WebExportError(.webModuleDuplicate, "\(path) and \(other) both hold the module '\(bundle.module.id)': export one of them", file: path)
            }
            seen[bundle.module.id] = path
        }

        let work = NSTemporaryDirectory() + "lessonpack-lms-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        } catch {
            throw WebExportError(.lmsOutputUnwritable, "\(work): cannot make a working folder: \(error.localizedDescription)", file: work)
        }
        let site = try WebExport.writeSite(opened, in: work, core: core)
        var files = site.files
        for page in WebPlayerPage.lmsFiles {
            try writeFile(page.bytes, "\(work)/\(page.name)")
            files.append(page.name)
        }
        files.sort()
        let units = opened.map { bundle in
            LMSManifests.Unit(id: bundle.module.id, title: bundle.module.title, summary: bundle.module.summary,
                              language: bundle.module.language, passMark: bundle.module.passMark)
        }
        let manifest = standard == .scorm12 ? LMSManifests.scorm12(units, files: files) : LMSManifests.cmi5(units)
        let entries = [standard.manifestName] + files
        try pack(entries, from: work, manifest: (standard.manifestName, Array(manifest.utf8)), to: target)
        return Package(file: target, standard: standard, modules: site.modules, entries: entries)
    }

    /// The output is a file: one that exists is replaced only with `replacing`, and a folder never.
    static func checkOutput(_ target: String, replacing: Bool) throws(WebExportError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else { return }
        guard !isFolder.boolValue else {
            throw WebExportError(.lmsOutputNotFile, "\(target) is a folder: name the package's .zip file", file: target)
        }
        guard replacing else {
            throw WebExportError(.lmsOutputExists, "\(target) exists: choose a new name, or give --force to replace it", file: target)
        }
    }

    static func writeFile(_ bytes: [UInt8], _ file: String) throws(WebExportError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: file))
        } catch {
            throw WebExportError(.lmsOutputUnwritable, "\(file) cannot be written: \(error.localizedDescription)", file: file)
        }
    }

    static func pack(_ entries: [String], from work: String, manifest: (name: String, bytes: [UInt8]), to target: String) throws {
        let staged: AtomicFile.Staged
        do {
            staged = try AtomicFile.Staged(replacing: target)
        } catch {
            throw WebExportError(.lmsOutputUnwritable, "\(target) cannot be written: \(error.reason)", file: target)
        }
        do {
            let writer = try ZipWriter(descriptor: staged.descriptor)
            try writer.add(manifest.name, bytes: manifest.bytes, compression: .deflate)
            for entry in entries where entry != manifest.name {
                let path = "\(work)/\(entry)"
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                let suffix = (entry as NSString).pathExtension.lowercased()
                try writer.add(entry, fileAt: path, size: size,
                               compression: storedExtensions.contains(suffix) ? .store : .deflate) { _ in }
            }
            try writer.finish()
            try staged.commit()
        } catch let error as ArchiveError {
            staged.discard()
            throw WebExportError(.lmsOutputUnwritable, "\(target) cannot be written: \(error)", file: target)
        } catch let error as AtomicFile.Failure {
            staged.discard()
            throw WebExportError(.lmsOutputUnwritable, "\(target) cannot be written: \(error.reason)", file: target)
        }
    }
}

extension DiagnosticCode {
    /// `export scorm12`/`export cmi5` was given an output file that exists, and not `--force`.
    package static let lmsOutputExists: DiagnosticCode = "lms-output-exists"
    /// The output of `export scorm12`/`export cmi5` is a folder; the package is one .zip file.
    package static let lmsOutputNotFile: DiagnosticCode = "lms-output-not-file"
    /// The package could not be written (no room, no permission); the output is as it was.
    package static let lmsOutputUnwritable: DiagnosticCode = "lms-output-unwritable"
}
