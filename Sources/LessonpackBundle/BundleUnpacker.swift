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
        let folder: StagedFolder
        do { folder = try StagedFolder(for: destination, label: "unpack") } catch {
            throw BundleError(.unpackFailed, "cannot create \(destination): \(SystemErrorText.describe(error))", file: destination)
        }
        let staging = folder.staging

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
        let placed: Bool
        do { placed = try folder.place() } catch {
            throw BundleError(.unpackFailed, "cannot create \(destination): \(error.reason.lowercased())", file: destination)
        }
        guard placed else {
            throw BundleError(.unpackFailed, "\(destination) already exists and is not an empty folder", file: destination)
        }
        return Outcome(module: bundle.module, files: written)
    }
}
