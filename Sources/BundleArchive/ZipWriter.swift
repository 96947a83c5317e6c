internal import CLibArchive
import Foundation
import LessonpackSystem

/// How one entry is stored.
package enum ZipCompression: String, Sendable {
    case store, deflate
}

/// Writes a ZIP file with libarchive, entry by entry, choosing compression per entry. Every entry is a plain file
/// with mode 0644, owner 0, no names and, unless a timestamp is given, no time: the same entries always give the
/// same bytes.
package final class ZipWriter {
    private let archive: OpaquePointer
    private let timestamp: Int64?
    private var finished = false

    /// Writes into `descriptor` (an open, empty file the caller owns and closes: `AtomicFile.Staged` gives one).
    /// `timestamp` (seconds since 1970) goes into every entry when given; ZIP's DOS time fields are local time, so
    /// pass one only when the process time zone is fixed (the build command uses UTC).
    package init(descriptor: Int32, timestamp: Int64? = nil) throws(ArchiveError) {
        guard let archive = archive_write_new() else { throw ArchiveError(.zipWriteFailed, "cannot start a ZIP writer") }
        self.archive = archive
        self.timestamp = timestamp
        // hdrcharset=UTF-8 sets the UTF-8 flag (bit 11) on names that are not ASCII, so other tools show them
        // as they are rather than as CP437. A failed init still runs deinit, which frees the archive.
        guard archive_write_set_format_zip(archive) == ARCHIVE_OK,
              archive_write_set_options(archive, "zip:compression-level=9,zip:hdrcharset=UTF-8") == ARCHIVE_OK,
              archive_write_open_fd(archive, descriptor) == ARCHIVE_OK else {
            finished = true
            throw ArchiveError(.zipWriteFailed, "cannot start writing: \(ZipWriter.message(archive))")
        }
    }

    deinit {
        if !finished { archive_write_close(archive) }
        archive_write_free(archive)
    }

    /// Adds an entry holding `bytes`.
    package func add(_ path: String, bytes: [UInt8], compression: ZipCompression) throws(ArchiveError) {
        try begin(path, size: bytes.count, compression: compression)
        if let failure = bytes.withUnsafeBytes({ buffer in Result { () throws(ArchiveError) in try write(buffer) }.failure }) {
            throw failure
        }
        try end(path)
    }

    /// Adds an entry streamed from the file at `source` (not followed if it is a link), which must be `size` bytes
    /// long; `observe` sees every chunk written (to hash it on the way, so what is recorded is what was written).
    package func add(_ path: String, fileAt source: String, size: Int, compression: ZipCompression,
                    observe: (UnsafeRawBufferPointer) -> Void) throws(ArchiveError) {
        switch ReadableFile.open(source, links: .refuse) {
        case .success(let opened): try add(path, file: opened, size: size, compression: compression, observe: observe)
        case .failure(let failure): throw ArchiveError(.zipWriteFailed, "cannot read \(source): it \(failure)")
        }
    }

    /// Adds an entry streamed from an open file, which must be `size` bytes long.
    package func add(_ path: String, file: ReadableFile, size: Int, compression: ZipCompression,
                    observe: (UnsafeRawBufferPointer) -> Void) throws(ArchiveError) {
        let source = file.path
        try begin(path, size: size, compression: compression)
        var written = 0
        do {
            try file.forEachChunk { chunk in
                written += chunk.count
                guard written <= size else { throw ArchiveError(.zipWriteFailed, "\(source) grew while it was being packed") }
                observe(chunk)
                try write(chunk)
            }
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw ArchiveError(.zipWriteFailed, "cannot read \(source): \(SystemErrorText.describe(error))")
        }
        guard written == size else { throw ArchiveError(.zipWriteFailed, "\(source) changed size while it was being packed") }
        try end(path)
    }

    /// Writes the central directory and closes the file.
    package func finish() throws(ArchiveError) {
        finished = true
        guard archive_write_close(archive) == ARCHIVE_OK else {
            throw ArchiveError(.zipWriteFailed, "cannot finish the ZIP file: \(ZipWriter.message(archive))")
        }
    }

    private func begin(_ path: String, size: Int, compression: ZipCompression) throws(ArchiveError) {
        let status = compression == .store ? archive_write_zip_set_compression_store(archive)
            : archive_write_zip_set_compression_deflate(archive)
        guard status == ARCHIVE_OK, let entry = archive_entry_new() else {
            throw ArchiveError(.zipWriteFailed, "cannot add \(path): \(ZipWriter.message(archive))")
        }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname_utf8(entry, path)
        archive_entry_set_size(entry, la_int64_t(size))
        archive_entry_set_filetype(entry, FileType.regular)
        archive_entry_set_perm(entry, 0o644)
        if let timestamp { archive_entry_set_mtime(entry, time_t(timestamp), 0) }
        guard archive_write_header(archive, entry) == ARCHIVE_OK else {
            throw ArchiveError(.zipWriteFailed, "cannot add \(path): \(ZipWriter.message(archive))")
        }
    }

    private func write(_ buffer: UnsafeRawBufferPointer) throws(ArchiveError) {
        guard buffer.count > 0 else { return }
        if archive_write_data(archive, buffer.baseAddress, buffer.count) != buffer.count {
            throw ArchiveError(.zipWriteFailed, "cannot write: \(ZipWriter.message(archive))")
        }
    }

    private func end(_ path: String) throws(ArchiveError) {
        guard archive_write_finish_entry(archive) == ARCHIVE_OK else {
            throw ArchiveError(.zipWriteFailed, "cannot add \(path): \(ZipWriter.message(archive))")
        }
    }

    static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }
}

/// libarchive's AE_IF* file types are macros Swift cannot import; these are their values (the POSIX ones).
enum FileType {
    static let regular: UInt32 = 0o100000
    static let directory: UInt32 = 0o040000
    static let symbolicLink: UInt32 = 0o120000
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
