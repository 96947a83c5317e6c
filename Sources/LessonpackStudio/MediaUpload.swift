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
        let media = MediaFolder(moduleFolder: moduleFolder)
        switch media.entry(path) {
        case .missing: break
        case .file where replace: break
        case .file: throw StudioError(.exists, "media/\(path) already exists; replace it, or give the file another name")
        case .symbolicLink, .other:
            throw StudioError(.badName, "media/\(path) is not a regular file, and is left alone")
        }
        // Written once, to a temporary file beside its place, and probed there: a refused upload is removed with any
        // folder made for it, and never appears under its name.
        let made = try makeFolders(for: path, in: moduleFolder)
        var kept = false
        defer {
            if !kept { for folder in made.reversed() { try? FileManager.default.removeItem(atPath: folder) } }
        }
        let staged: AtomicFile.Staged
        do { staged = try AtomicFile.Staged(replacing: media.path(path)) } catch {
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
            throw StudioError(.cannotWrite, error.description)
        }
        kept = true
        return path
    }

    /// media/ and the upload's folder, made when missing; a link or a file where a folder should be is refused.
    /// Returns the folders it made, outermost first.
    private static func makeFolders(for path: String, in moduleFolder: String) throws(StudioError) -> [String] {
        var made: [String] = []
        var relative = ModuleLayout.mediaFolder
        var parts = path.split(separator: "/").map(String.init)
        parts.removeLast()
        for part in [nil] + parts.map(Optional.some) {
            if let part { relative += "/" + part }
            let full = ModuleLayout.join(moduleFolder, relative)
            var status = stat()
            if lstat(full, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw StudioError(.badName, "\(relative) is not a folder (a link, or a file), so nothing goes into it")
                }
                continue
            }
            do { try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: false) } catch {
                throw StudioError(.cannotWrite, "cannot make \(relative): \(SystemErrorText.describe(error))")
            }
            made.append(full)
        }
        return made
    }

    /// Deletes one media file (the page's library lists what no source refers to), never a link or a folder.
    package static func remove(_ path: String, in moduleFolder: String) throws(StudioError) {
        if let problem = MediaFolder.problem(with: path) { throw StudioError(.badName, problem) }
        let media = MediaFolder(moduleFolder: moduleFolder)
        guard case .file = media.entry(path) else {
            throw StudioError(.notFound, "media/\(path.prefix(80)) is not a file the studio can delete")
        }
        do { try FileManager.default.removeItem(atPath: media.path(path)) } catch {
            throw StudioError(.cannotWrite, "cannot delete media/\(path.prefix(80)): \(SystemErrorText.describe(error))")
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
