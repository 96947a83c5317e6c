import Foundation
import LessonpackAuthoring
import LessonpackModel
import LessonpackSystem

/// A file dropped into the page's media library. Nothing about it is trusted: the folder is one of a fixed few, the
/// name one file name that passes every rule a bundle entry must, the extension one a module accepts, and the
/// content what ffprobe agrees the extension says, before it is written (atomically) under media/ and media.plist
/// is rescanned.
package enum MediaUpload {
    /// Where uploads may go, relative to media/.
    package static let folders = ["", "lines", "qa", "video"]
    /// A filmed conversation of a few minutes, as a browser upload: larger files are better copied into media/.
    package static let sizeLimit = 1 << 30

    /// Validates the upload's place and name, without looking at its content. Returns the media path and the kind
    /// its extension names.
    @discardableResult
    package static func mediaPath(folder: String, name: String) throws(StudioError) -> (path: String, kind: MediaKind) {
        guard folders.contains(folder) else {
            throw StudioError(.badName, "media can go in media/ or its folders " +
                              folders.dropFirst().map { "'\($0)'" }.joined(separator: ", ") + ", not '\(folder.prefix(40))'")
        }
        let shown = String(name.prefix(80))
        guard !name.isEmpty, !name.contains("/"), !name.contains("\\"), name != ".", name != ".." else {
            throw StudioError(.badName, "'\(shown)' is not a file name: a name has no folders in it")
        }
        guard name.utf8.count <= 255 else {
            throw StudioError(.badName, "'\(shown)…' is longer than a file name may be (255 bytes)")
        }
        guard !name.hasPrefix(".") else {
            throw StudioError(.badName, "'\(shown)' starts with '.': hidden files are not media")
        }
        let path = folder.isEmpty ? name : folder + "/" + name
        if let problem = MediaFolder.problem(with: path) { throw StudioError(.badName, problem) }
        guard let kind = MediaKind(fileExtension: (name as NSString).pathExtension) else {
            throw StudioError(.wrongType, "'\(shown)' is not a kind of media a module holds; media files end in " +
                              MediaKind.acceptedExtensions)
        }
        return (path, kind)
    }

    /// Checks and writes the upload into `moduleFolder`'s media/, refusing to replace a file unless asked.
    package static func store(_ bytes: [UInt8], folder: String, name: String, replace: Bool, in moduleFolder: String,
                              probe: any MediaProbe) throws(StudioError) -> String {
        let (path, kind) = try mediaPath(folder: folder, name: name)
        guard bytes.count <= sizeLimit else {
            throw StudioError(.tooLarge, "'\(name.prefix(80))' is larger than \(sizeLimit >> 20) MB")
        }
        // Every step from here on goes through folders held open from the module's: the check of what is at the
        // upload's place, the temporary file, its rename and the removal of a refused one. A folder of media/
        // swapped for a link while this runs (another program, or an attacker sharing the folder) changes nothing.
        let place = try openFolder(of: path, in: moduleFolder, create: true)
        let (folder, fileName) = (place.folder, (path as NSString).lastPathComponent)
        // Written once, to a temporary file beside its place, and probed there: a refused upload is removed with any
        // folder made for it, and never appears under its name.
        var kept = false
        defer {
            if !kept { for (parent, name) in place.made.reversed() { parent.removeFolder(name) } }
        }
        switch folder.status(of: fileName).map({ $0.st_mode & S_IFMT }) {
        case nil: break
        case S_IFREG? where replace: break
        case S_IFREG?: throw StudioError(.exists, "media/\(path) already exists; replace it, or give the file another name")
        case _?: throw StudioError(.badName, "media/\(path) is not a regular file, and is left alone")
        }
        let staged: AtomicFile.Staged
        do { staged = try AtomicFile.Staged(named: fileName, in: folder) } catch {
            throw StudioError(.cannotWrite, error.description)
        }
        let written = bytes.withUnsafeBytes { buffer in Result { () throws(AtomicFile.Failure) in try staged.write(buffer) } }
        if case .failure(let failure) = written {
            staged.discard()
            throw StudioError(.cannotWrite, failure.description)
        }
        if probe.unavailableReason == nil, case .refused(let reason) = probe.probe(
            fileAt: staged.temporaryPath, kind: kind, fileExtension: (name as NSString).pathExtension) {
            staged.discard()
            throw StudioError(.wrongType, "'\(name.prefix(80))' was not added: \(reason)")
        }
        do { try staged.commit() } catch {
            staged.discard()
            throw StudioError(error.kind == .io ? .cannotWrite : .badName, error.description)
        }
        kept = true
        return path
    }

    /// The folder that holds media path `path`, opened from the module's folder through media/ without following a
    /// link; with `create`, media/ and the upload's folder are made when missing, and `made` lists them.
    private static func openFolder(of path: String, in moduleFolder: String, create: Bool)
        throws(StudioError) -> (folder: OpenFolder, made: [(parent: OpenFolder, name: String)]) {
        let relative = ModuleLayout.mediaFolder + "/" + (path as NSString).deletingLastPathComponent
        do { return try MediaFolder(moduleFolder: moduleFolder).folder(holding: path, create: create) } catch {
            let shown = relative.hasSuffix("/") ? String(relative.dropLast()) : relative
            switch error.kind {
            case .linkInPath, .notAFolder:
                throw StudioError(.badName, "\(shown) is not a folder (a link, or a file), so nothing goes into it")
            case .missing where !create:
                throw StudioError(.notFound, "media/\(path.prefix(80)) is not a file the studio can delete")
            case .missing, .io:
                throw StudioError(.cannotWrite, "cannot open \(shown): \(error.reason.lowercased())")
            }
        }
    }

    /// Deletes one media file (the page's library lists what no source refers to), never a link or a folder.
    package static func remove(_ path: String, in moduleFolder: String) throws(StudioError) {
        if let problem = MediaFolder.problem(with: path) { throw StudioError(.badName, problem) }
        let notAFile = StudioError(.notFound, "media/\(path.prefix(80)) is not a file the studio can delete")
        let folder: OpenFolder
        do { folder = try openFolder(of: path, in: moduleFolder, create: false).folder } catch {
            throw error.code == .badName ? notAFile : error
        }
        // Looked at and removed in the same open folder: if the name is swapped for a link in between, the link is
        // what goes, never what it leads to; a folder is never removed this way.
        let fileName = (path as NSString).lastPathComponent
        guard folder.status(of: fileName).map({ $0.st_mode & S_IFMT == S_IFREG }) == true else { throw notAFile }
        do { try folder.removeFile(fileName) } catch {
            throw StudioError(.cannotWrite, "cannot delete media/\(path.prefix(80)): \(error.reason.lowercased())")
        }
    }

    /// Rescans media/ and rewrites media.plist, as `lessonpack media scan` does.
    /// `placeholders`: files just made as stand-ins (a clip spoken for now), marked so in media.plist.
    package static func rescan(_ moduleFolder: String, probe: any MediaProbe, digests: DigestMemo? = nil,
                               placeholders: Set<String> = []) throws(StudioError) -> MediaScanner.Scan {
        let scan = MediaScanner.scan(folder: moduleFolder, probe: probe, digests: digests)
        do { try MediaScanner.write(scan, folder: moduleFolder, placeholders: placeholders) } catch {
            throw StudioError(.cannotWrite, "cannot write media.plist: \(error)")
        }
        return scan
    }
}
