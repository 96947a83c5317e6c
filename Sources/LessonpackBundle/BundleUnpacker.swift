import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

/// `lessonpack unpack`: a bundle turned back into a source folder an author can edit, check and build again to
/// the same bundle. The sources are written as `lessonpack fmt` lays them out (comments are not in a bundle, so
/// none come back); every media file is extracted and checked against the manifest on the way.
package enum BundleUnpacker {
    package struct Outcome: Sendable {
        package var module: Module
        /// The files written, relative to the folder.
        package var files: [String]
    }

    /// Unpacks the bundle at `path` into `destination`, which must not exist or be an empty folder. The folder is
    /// assembled beside `destination` and moved into place whole, so a failure leaves nothing behind.
    package static func unpack(_ path: String, into destination: String) throws(BundleError) -> Outcome {
        let bundle = try BundleReader.open(path)
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: destination, isDirectory: &isFolder) {
            let contents = isFolder.boolValue ? (try? fileManager.contentsOfDirectory(atPath: destination)) : nil
            guard contents?.isEmpty == true else {
                throw BundleError(.unpackFailed, "\(destination) already exists and is not an empty folder", file: destination)
            }
        }
        // The folder is assembled under a new name in the destination's folder, which is held open: every file is
        // written, and the whole moved into place, through descriptors. A folder on the way swapped for a link
        // meanwhile cannot send a file out of it.
        let target = URL(fileURLWithPath: destination).standardizedFileURL
        let (targetName, stagingName) = (target.lastPathComponent, ".\(target.lastPathComponent).unpack-\(UUID().uuidString)")
        let parent: OpenFolder, staging: OpenFolder
        do {
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            parent = try OpenFolder(target.deletingLastPathComponent().path)
            staging = try parent.makeFolder(stagingName)
        } catch {
            throw BundleError(.unpackFailed, "cannot create \(destination): \(SystemErrorText.describe(error))", file: destination)
        }
        var moved = false
        defer { if !moved { parent.removeTree(stagingName) } }

        let sources: [SourceFile: [UInt8]]
        do { sources = try ModuleSourceWriter.sources(of: bundle.module) } catch {
            throw BundleError(.moduleSourceUnwritable, error.description, file: path)
        }
        var written: [String] = []
        for (file, bytes) in sources.sorted(by: { $0.key.path < $1.key.path }) {
            do {
                let folder = try staging.folder(at: (file.path as NSString).deletingLastPathComponent, create: true).folder
                try AtomicFile.write(Data(bytes), named: (file.path as NSString).lastPathComponent, in: folder)
            } catch {
                throw BundleError(.unpackFailed, "cannot write \(file.path): \(SystemErrorText.describe(error))", file: destination)
            }
            written.append(file.path)
        }
        // Media paths were held to the bundle's entry-name rules when it was opened: none leaves media/.
        for media in bundle.module.media {
            let entry = BundleFormat.mediaFolder + media.path
            let folder: OpenFolder
            do { folder = try staging.folder(at: (entry as NSString).deletingLastPathComponent, create: true).folder } catch {
                throw BundleError(.unpackFailed, "cannot write \(entry): \(error.reason)", file: destination)
            }
            try BundleReader.extract(entry, from: bundle, named: (entry as NSString).lastPathComponent, in: folder)
            written.append(entry)
        }
        // rmdir, not a recursive delete: the folder was empty when checked, and whatever appeared in it since is
        // someone's and stays.
        if parent.status(of: targetName) != nil, !parent.removeFolder(targetName) {
            throw BundleError(.unpackFailed, "\(destination) already exists and is not an empty folder", file: destination)
        }
        do { try parent.rename(stagingName, to: targetName) } catch {
            throw BundleError(.unpackFailed, "cannot create \(destination): \(error.reason.lowercased())", file: destination)
        }
        moved = true
        return Outcome(module: bundle.module, files: written)
    }
}
