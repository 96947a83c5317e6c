import Foundation
import LessonpackDiagnostics

/// Writes a file so that readers see the old content or the new, never half of either: the bytes go to a
/// temporary file in the same folder, are flushed to disk, and the temporary file is renamed over the target.
///
/// Only a regular file (or nothing) is ever replaced. A device, a FIFO or a folder at the path is refused: renaming
/// over `/dev/stdout` replaces the system's device node with a regular file. A symbolic link is refused too unless
/// the caller asks to write through it, which only makes sense for a path the user named themselves; then the
/// regular file it leads to gets the new content and the link stays.
package enum AtomicFile {
    package enum Links: Sendable {
        /// Outputs inside trees we manage (a module, a release folder, the library): a link there could send our
        /// write anywhere, so it is refused.
        case refuse
        /// An output the user named: an existing link to a regular file is written through, as an editor would.
        case writeThrough
    }

    package struct Failure: Error, CustomStringConvertible, Sendable {
        package enum Kind: Sendable, Equatable {
            /// The path is a symbolic link and links are refused, or it leads nowhere.
            case symbolicLink
            /// A device, a FIFO, a socket or a folder.
            case notRegular
            case io
        }

        package var path: String
        package var reason: String
        package var kind: Kind
        package var description: String { "cannot write \(path): \(reason)" }

        package init(path: String, reason: String, kind: Kind = .io) {
            self.path = path
            self.reason = reason
            self.kind = kind
        }
    }

    /// `permissions` nil keeps those of the file replaced (0644 for a new one): rewriting a private file must not
    /// make it readable to all.
    package static func write(_ bytes: some DataProtocol, to path: String, permissions: mode_t? = nil,
                             links: Links = .refuse) throws(Failure) {
        let staged = try Staged(replacing: path, links: links)
        var status = stat()
        try fill(staged, with: bytes,
                 permissions: permissions ?? (stat(staged.destination, &status) == 0 ? status.st_mode & 0o7777 : 0o644))
    }

    /// Writes the file `name` in `folder`, an open folder reached without links, with `permissions` (0644 when nil
    /// and the file is new, else those of the file replaced).
    package static func write(_ bytes: some DataProtocol, named name: String, in folder: OpenFolder,
                              permissions: mode_t? = nil) throws(Failure) {
        let staged = try Staged(named: name, in: folder)
        try fill(staged, with: bytes, permissions: permissions ?? folder.status(of: name).map { $0.st_mode & 0o7777 } ?? 0o644)
    }

    /// Writes all of `bytes` into `staged` and puts it in place, or leaves nothing behind.
    private static func fill(_ staged: Staged, with bytes: some DataProtocol, permissions: mode_t) throws(Failure) {
        let data = Data(bytes)
        do throws(Failure) {
            try data.withUnsafeBytes { buffer in Result { () throws(Failure) in try staged.write(buffer) } }.get()
            try staged.commit(permissions: permissions)
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Writes `relative` ('/' between its parts) inside `root`, through its folders opened from `root` without
    /// following a link (made when missing): for a tree we manage, such as a module, where a folder swapped for a
    /// link between a check and the write must not lead the write out. `root` is the user's to name, and followed.
    package static func write(_ bytes: some DataProtocol, at relative: String, inside root: String) throws(Failure) {
        let folder: OpenFolder
        do {
            folder = try OpenFolder(root.isEmpty ? "." : root)
                .folder(at: (relative as NSString).deletingLastPathComponent, create: true).folder
        } catch {
            let isLink = if case .linkInPath = error.kind { true } else { false }
            throw Failure(path: error.path, reason: error.reason, kind: isLink ? .symbolicLink : .io)
        }
        try write(bytes, named: (relative as NSString).lastPathComponent, in: folder)
    }

    package static func write(_ text: String, to path: String, links: Links = .refuse) throws(Failure) {
        try write(Array(text.utf8), to: path, links: links)
    }

    /// Where a write of `path` must land: the path itself when it is a regular file or absent, the file a link
    /// leads to when writing through is allowed; otherwise the write is refused, before anything is written.
    package static func destination(for path: String, links: Links) throws(Failure) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw Failure(path: path, reason: ReadableFile.reason()) }
            return path
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return path
        case S_IFLNK:
            guard links == .writeThrough else {
                throw Failure(path: path, reason: "it is a symbolic link; refusing to replace it or to write " +
                              "through it (write to the file it leads to instead)", kind: .symbolicLink)
            }
            guard let resolved = realpath(path, nil) else {
                throw Failure(path: path, reason: "it is a symbolic link that leads nowhere", kind: .symbolicLink)
            }
            defer { free(resolved) }
            let target = String(cString: resolved)
            guard stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw Failure(path: path, reason: "it is a symbolic link to something that is not a regular file",
                              kind: .notRegular)
            }
            return target
        default:
            let what = ReadableFile.refusal(for: status.st_mode)?.description ?? "is not a regular file"
            throw Failure(path: path, reason: "it \(what.hasPrefix("is ") ? what : "is " + what); only a regular file " +
                          "is replaced", kind: .notRegular)
        }
    }

    /// Refuses to replace `name` in `folder` unless it is a regular file or nothing, looked at through the folder's
    /// descriptor without following a link.
    package static func checkReplaceable(_ name: String, in folder: OpenFolder) throws(Failure) {
        guard let status = folder.status(of: name) else {
            guard errno == ENOENT else { throw Failure(path: folder.join(name), reason: ReadableFile.reason()) }
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK:
            throw Failure(path: folder.join(name), reason: "it is a symbolic link; refusing to replace it or to write " +
                          "through it", kind: .symbolicLink)
        default:
            let what = ReadableFile.refusal(for: status.st_mode)?.description ?? "is not a regular file"
            throw Failure(path: folder.join(name), reason: "it \(what.hasPrefix("is ") ? what : "is " + what); only a " +
                          "regular file is replaced", kind: .notRegular)
        }
    }

    /// A file being written: a temporary file beside its destination that only `commit` moves into place.
    /// For writers that stream (bundles, extracted media) rather than hand over all their bytes at once.
    ///
    /// The destination's folder is held open from the start: the temporary file is made in it, renamed within it
    /// and removed from it through its descriptor, so a folder swapped for a link meanwhile changes nothing.
    package final class Staged: @unchecked Sendable {
        package let destination: String
        /// The temporary file's path, for tools that read or write it by name (ffprobe, ffmpeg, a zip reader).
        package let temporaryPath: String
        /// The temporary file's descriptor, for libraries that write to one themselves.
        package let descriptor: Int32
        /// The folder the temporary file is in.
        package let folder: OpenFolder
        private let temporaryName: String
        private let destinationName: String
        private var open = true
        private var done = false

        /// Stages a write of `path`, whose folder is opened (a link to it followed: the caller named it).
        package convenience init(replacing path: String, links: Links = .refuse) throws(Failure) {
            let destination = try AtomicFile.destination(for: path, links: links)
            let url = URL(fileURLWithPath: destination)
            let folder: OpenFolder
            do { folder = try OpenFolder(url.deletingLastPathComponent().path) } catch {
                throw Failure(path: path, reason: error.reason)
            }
            try self.init(named: url.lastPathComponent, in: folder, destination: destination)
        }

        /// Stages a write of the file `name` in `folder`, an open folder the caller reached without links.
        package convenience init(named name: String, in folder: OpenFolder) throws(Failure) {
            try AtomicFile.checkReplaceable(name, in: folder)
            try self.init(named: name, in: folder, destination: folder.join(name))
        }

        private init(named name: String, in folder: OpenFolder, destination: String) throws(Failure) {
            // O_EXCL, without following a link: nothing an attacker placed at a guessed name is followed. The name
            // is shortened so that the temporary name still fits in a file name's 255 bytes.
            var base = name
            while base.utf8.count > 200 { base.removeLast() }
            let made: (name: String, descriptor: Int32)
            do { made = try folder.makeUniqueFile(prefix: "." + base + ".tmp-") } catch {
                throw Failure(path: destination, reason: error.reason)
            }
            self.destination = destination
            self.folder = folder
            destinationName = name
            temporaryName = made.name
            descriptor = made.descriptor
            temporaryPath = folder.join(made.name)
        }

        deinit { discard() }

        package func write(_ buffer: UnsafeRawBufferPointer) throws(Failure) {
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw Failure(path: destination, reason: ReadableFile.reason())
                }
                offset += count
            }
        }

        /// Flushes the file to disk and renames it over the destination (or over `name` in `other`, for a file
        /// whose final place was known only once it was written), which is checked again first: what was found
        /// there when writing began may have been replaced since. Both are reached through open folders.
        package func commit(permissions: mode_t = 0o644, as name: String? = nil, in other: OpenFolder? = nil) throws(Failure) {
            guard !done else { return }
            guard fsync(descriptor) == 0, fchmod(descriptor, permissions) == 0 else {
                let failure = Failure(path: destination, reason: ReadableFile.reason())
                discard()
                throw failure
            }
            closeDescriptor()
            let (target, targetName) = (other ?? folder, name ?? destinationName)
            do { try AtomicFile.checkReplaceable(targetName, in: target) } catch {
                discard()
                throw error
            }
            guard renameat(folder.descriptor, temporaryName, target.descriptor, targetName) == 0 else {
                let failure = Failure(path: target.join(targetName), reason: ReadableFile.reason())
                discard()
                throw failure
            }
            done = true
        }

        /// Removes the temporary file; the destination is left as it was.
        package func discard() {
            closeDescriptor()
            if !done {
                unlinkat(folder.descriptor, temporaryName, 0)
                done = true
            }
        }

        private func closeDescriptor() {
            if open {
                close(descriptor)
                open = false
            }
        }
    }
}

extension AtomicFile.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] {
        [.failure(kind == .io ? .outputWriteFailed : .outputNotARegularFile, description)]
    }
}

extension DiagnosticCode {
    /// An output could not be written: no room, no permission, a folder on the way missing. Nothing was replaced.
    package static let outputWriteFailed: DiagnosticCode = "output-write-failed"
    /// An output is a symbolic link where links are refused, a device, a FIFO or a folder: never replaced.
    package static let outputNotARegularFile: DiagnosticCode = "output-not-a-regular-file"
}
