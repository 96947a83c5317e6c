import Foundation
import LessonpackDiagnostics

/// A regular file opened for reading, and nothing else: a FIFO, a device, a socket or a folder is refused before a
/// byte is read (opening a FIFO to read blocks until a writer comes, which an attacker need never do), and a
/// symbolic link is refused too when the caller asks. Every reader of untrusted input opens files through this.
package final class ReadableFile: @unchecked Sendable {
    /// What to do when the path itself is a symbolic link.
    package enum Links: Sendable {
        /// The user named the file: read what it links to (as `cat` would), if that is a regular file.
        case follow
        /// The file belongs to a tree we read on the user's behalf (a module, a library): a link there could lead
        /// anywhere, so it is refused.
        case refuse
    }

    package enum Failure: Error, CustomStringConvertible, Equatable, Sendable {
        case missing
        case isDirectory
        case isSymbolicLink
        /// A folder on the way to the file is a symbolic link (named), inside a tree where links are refused.
        case linkInPath(String)
        /// A FIFO, a device, a socket: named by what it is.
        case notRegular(String)
        case tooLarge(size: Int, limit: Int)
        case unreadable(String)

        package var description: String {
            switch self {
            case .missing: "no such file"
            case .isDirectory: "is a folder, not a file"
            case .isSymbolicLink: "is a symbolic link; only regular files are read here"
            case .linkInPath(let folder): "is reached through '\(folder)', a symbolic link; only real folders are followed here"
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .tooLarge(let size, let limit): "file is \(size) bytes; the limit is \(limit)"
            case .unreadable(let reason): "cannot read the file: \(reason)"
            }
        }
    }

    package let path: String
    package let size: Int
    private let descriptor: Int32

    private init(path: String, descriptor: Int32, size: Int) {
        self.path = path
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// Lends the open descriptor to a C library that reads by itself (libsndfile); it stays this file's to close.
    package func withDescriptor<T>(_ body: (Int32) throws -> T) rethrows -> T { try body(descriptor) }

    /// The open file's status (its identity and modification time), nil if the system will not say.
    package func status() -> stat? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? status : nil
    }

    /// Standard input, at most `limit` bytes, as a regular file: what a command reads for the file name `-` when its
    /// reader needs a file (libsndfile seeks; ffmpeg opens a path). The bytes go into an unnamed file in the
    /// temporary folder (O_TMPFILE), which no other program can find and which goes away when this value does;
    /// `path` is the descriptor's own (`/proc/PID/fd/N`), which a child process can open.
    package static func standardInput(limit: Int) -> Result<ReadableFile, Failure> {
        let bytes: [UInt8]
        switch BoundedFile.readStandardInput(limit: limit) {
        case .success(let read): bytes = read
        case .failure(let failure): return .failure(failure)
        }
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        // Glibc's O_TMPFILE is a macro Swift does not import: __O_TMPFILE (0o20000000 on x86-64 and arm64) with
        // O_DIRECTORY.
        let temporaryFile: Int32 = 0o20000000 | O_DIRECTORY
        let descriptor = Glibc.open(folder, temporaryFile | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            return .failure(.unreadable("cannot keep standard input in \(folder): \(String(cString: strerror(errno)))"))
        }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                return .failure(.unreadable("cannot keep standard input in \(folder): \(reason)"))
            }
            written += count
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            close(descriptor)
            return .failure(.unreadable("cannot read standard input back: \(String(cString: strerror(errno)))"))
        }
        return .success(ReadableFile(path: "/proc/\(getpid())/fd/\(descriptor)", descriptor: descriptor, size: bytes.count))
    }

    package static func open(_ path: String, links: Links = .follow) -> Result<ReadableFile, Failure> {
        // lstat first, so a device or FIFO is never opened at all (opening some devices has side effects).
        var status = stat()
        guard lstat(path, &status) == 0 else { return .failure(errno == ENOENT ? .missing : .unreadable(Self.reason())) }
        if status.st_mode & S_IFMT == S_IFLNK {
            guard links == .follow else { return .failure(.isSymbolicLink) }
            guard stat(path, &status) == 0 else {
                return .failure(errno == ENOENT ? .missing : .unreadable(Self.reason()))
            }
        }
        if let refusal = refusal(for: status.st_mode) { return .failure(refusal) }
        // O_NONBLOCK: should the file be swapped for a FIFO between the checks and the open, the open still returns.
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        if links == .refuse { flags |= O_NOFOLLOW }
        let descriptor = Foundation.open(path, flags)
        guard descriptor >= 0 else {
            return .failure(errno == ELOOP ? .isSymbolicLink : errno == ENOENT ? .missing : .unreadable(Self.reason()))
        }
        // What was opened is what counts: check it again, by descriptor.
        guard fstat(descriptor, &status) == 0 else {
            let failure = Failure.unreadable(Self.reason())
            close(descriptor)
            return .failure(failure)
        }
        if let refusal = refusal(for: status.st_mode) {
            close(descriptor)
            return .failure(refusal)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(ReadableFile(path: path, descriptor: descriptor, size: Int(status.st_size)))
    }

    /// Opens `relative` (a path with '/' between its parts) inside `root`, refusing a link anywhere on the way, not
    /// only at the end: within a module, `questions/` or `media/lines/` being a link would lead out of it as surely
    /// as a linked file. `root` itself is the user's to name, and is followed.
    package static func open(_ relative: String, in root: String) -> Result<ReadableFile, Failure> {
        entry(relative, in: root) { folder, name, status in openEntry(name, in: folder, status, path: root + "/" + relative) }
    }

    /// Opens the file `name` directly in `folder`, a folder held open, never through a link: a caller that writes
    /// the file back (through the same folder) rewrites what it read.
    package static func open(_ name: String, in folder: OpenFolder) -> Result<ReadableFile, Failure> {
        guard let status = folder.status(of: name) else { return .failure(errno == ENOENT ? .missing : .unreadable(reason())) }
        return openEntry(name, in: folder.descriptor, status, path: folder.join(name))
    }

    private static func openEntry(_ name: String, in folder: Int32, _ status: stat, path: String) -> Result<ReadableFile, Failure> {
        if let refusal = refusal(for: status.st_mode) { return .failure(refusal) }
        let descriptor = openat(folder, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            return .failure(errno == ELOOP ? .isSymbolicLink : errno == ENOENT ? .missing : .unreadable(reason()))
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, refusal(for: opened.st_mode) == nil else {
            let failure = refusal(for: opened.st_mode) ?? .unreadable(reason())
            close(descriptor)
            return .failure(failure)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(ReadableFile(path: path, descriptor: descriptor, size: Int(opened.st_size)))
    }

    /// What is at `relative` inside `root`, looking at every folder on the way without following a link.
    package static func kind(of relative: String, in root: String) -> Result<mode_t, Failure> {
        entry(relative, in: root) { _, _, status in .success(status.st_mode) }
    }

    /// Walks to the folder holding `relative`'s last part and looks at that part without following it; `body` gets
    /// the open folder, the part's name and what is there.
    private static func entry<T>(_ relative: String, in root: String,
                                 _ body: (Int32, String, stat) -> Result<T, Failure>) -> Result<T, Failure> {
        let folder: OpenFolder, name: String
        switch walk(relative, in: root) {
        case .failure(let failure): return .failure(failure)
        case .success(let found): (folder, name) = found
        }
        return withExtendedLifetime(folder) {
            var status = stat()
            guard fstatat(folder.descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                return .failure(errno == ENOENT ? .missing : .unreadable(reason()))
            }
            return body(folder.descriptor, name, status)
        }
    }

    private static func walk(_ relative: String, in root: String) -> Result<(OpenFolder, String), Failure> {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let name = parts.last, !parts.contains(".."), !relative.hasPrefix("/") else { return .failure(.missing) }
        do throws(OpenFolder.Failure) {
            let folder = try OpenFolder(root).folder(at: parts.dropLast().joined(separator: "/")).folder
            return .success((folder, name))
        } catch {
            switch error.kind {
            case .linkInPath(let part): return .failure(.linkInPath(part))
            case .missing, .notAFolder: return .failure(.missing)
            case .io: return .failure(.unreadable(error.reason))
            }
        }
    }

    /// Up to `count` bytes from `offset`; fewer only at the end of the file.
    package func read(at offset: UInt64, count: Int) throws(Failure) -> [UInt8] {
        guard count > 0 else { return [] }
        // Not zeroed first: pread overwrites what it returns, and only that much is kept.
        var failure: Failure?
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            do throws(Failure) { initialized = try self.read(into: UnsafeMutableRawBufferPointer(raw), at: offset) } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return buffer
    }

    /// Fills `buffer` from `offset`, returning how many bytes were read (fewer only at the end of the file).
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws(Failure) -> Int {
        var filled = 0
        while filled < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset) + off_t(filled))
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(Self.reason())
            }
            if got == 0 { break }
            filled += got
        }
        return filled
    }

    /// The whole file, refused when it is larger than `limit` (asking one byte more, so a file that grew since it
    /// was opened is caught too).
    package func readAll(limit: Int) throws(Failure) -> [UInt8] {
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        // Sized by the file, not the limit: a buffer of the limit is zeroed memory the kernel must map for every
        // small file read (16 MB each for a module's sources, most of `check`'s time). One byte more than the size
        // notices a file that grew since it was opened; then it is read again up to the limit.
        var bytes = try read(at: 0, count: size + 1)
        if bytes.count > size { bytes = try read(at: 0, count: limit + 1) }
        guard bytes.count <= limit else { throw .tooLarge(size: bytes.count, limit: limit) }
        return bytes
    }

    /// Streams the file in chunks from the start.
    package func forEachChunk(size chunk: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        // No bigger than the file needs (one byte more sees the end in one read), and not zeroed: a zeroed megabyte
        // for every small media file was most of what hashing a module's media cost. At least 64 KiB all the same,
        // so a file that grows after it was opened is not read a few bytes at a time.
        let bytes = min(chunk, max(size + 1, 64 << 10))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes), alignment: 16)
        defer { buffer.deallocate() }
        var offset: UInt64 = 0
        while true {
            let got = try read(into: buffer, at: offset)
            if got == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer.prefix(got)))
            offset += UInt64(got)
        }
    }

    /// Why a file of this type is not read, or nil for a regular file.
    static func refusal(for mode: mode_t) -> Failure? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .isDirectory
        case S_IFLNK: .isSymbolicLink
        case S_IFIFO: .notRegular("a FIFO (named pipe)")
        case S_IFCHR, S_IFBLK: .notRegular("a device")
        case S_IFSOCK: .notRegular("a socket")
        default: .notRegular("an unknown kind of file")
        }
    }

    static func reason() -> String { String(cString: strerror(errno)) }
}

extension DiagnosticCode {
    /// A file is larger than what it is read for can be.
    package static let fileTooLarge: DiagnosticCode = "file-too-large"
    /// A file is not there, or cannot be read.
    package static let unreadableFile: DiagnosticCode = "unreadable-file"
    /// A link, a FIFO, a device or a folder where a file is read: never opened, never quoted.
    package static let notARegularFile: DiagnosticCode = "not-a-regular-file"
}

extension ReadableFile.Failure: DiagnosticError {
    /// The code a reader reports this failure under (docs/format.md).
    package var code: DiagnosticCode {
        switch self {
        case .tooLarge: .fileTooLarge
        case .isSymbolicLink, .linkInPath, .notRegular, .isDirectory: .notARegularFile
        case .missing, .unreadable: .unreadableFile
        }
    }

    /// The failure has no path of its own: a reader that knows the file says it (`PlistReader` does).
    package var reportedDiagnostics: [Diagnostic] { [.failure(code, description)] }
}
