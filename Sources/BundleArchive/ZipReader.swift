internal import CLibArchive
import Foundation

/// What libarchive says about one entry, before its data is read.
public struct ZipEntryHeader: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case file, directory, symbolicLink, hardLink, other }

    public var path: String
    public var declaredSize: Int?
    public var kind: Kind
    public var isEncrypted: Bool
}

/// Reads a ZIP file through libarchive's seekable reader (the central directory, not the local headers): entries
/// one after another, each one's data checked against its CRC, never more bytes than the caller allows.
public final class ZipReader {
    private let archive: OpaquePointer
    public let path: String

    public init(path: String) throws(ArchiveError) {
        guard let archive = archive_read_new() else { throw ArchiveError("cannot start a ZIP reader") }
        self.archive = archive
        self.path = path
        // Once every property is set, a failed init still runs deinit, which frees the archive: never free it here.
        guard archive_read_support_format_zip_seekable(archive) == ARCHIVE_OK,
              archive_read_open_filename(archive, path, 1 << 16) == ARCHIVE_OK else {
            throw ArchiveError("cannot open \(path): \(ZipReader.message(archive))")
        }
    }

    deinit {
        archive_read_free(archive)
    }

    /// The next entry's header, or nil at the end.
    public func next() throws(ArchiveError) -> ZipEntryHeader? {
        var entry: OpaquePointer?
        let status = archive_read_next_header(archive, &entry)
        if status == ARCHIVE_EOF { return nil }
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
            throw ArchiveError("cannot read the next entry: \(ZipReader.message(archive))")
        }
        let name = archive_entry_pathname_utf8(entry).map { String(cString: $0) }
            ?? archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
        let kind: ZipEntryHeader.Kind
        if archive_entry_hardlink(entry) != nil {
            kind = .hardLink
        } else {
            switch archive_entry_filetype(entry) {
            case FileType.regular: kind = .file
            case FileType.directory: kind = .directory
            case FileType.symbolicLink: kind = .symbolicLink
            default: kind = .other
            }
        }
        return ZipEntryHeader(path: name,
                              declaredSize: archive_entry_size_is_set(entry) != 0 ? Int(archive_entry_size(entry)) : nil,
                              kind: kind, isEncrypted: archive_entry_is_encrypted(entry) != 0)
    }

    /// Streams the current entry's data to `consume` in chunks, refusing to go past `limit` bytes. Returns the
    /// number of bytes read. libarchive checks the CRC as the last chunk arrives.
    @discardableResult
    public func read(limit: Int, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
            if count == 0 { return total }
            guard count > 0 else { throw ArchiveError(ZipReader.message(archive)) }
            total += count
            guard total <= limit else { throw ArchiveError("data runs past \(limit) bytes") }
            try buffer.withUnsafeBytes { try consume(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
    }

    /// The current entry's data, whole, refusing more than `limit` bytes.
    public func readAll(limit: Int) throws -> [UInt8] {
        var data: [UInt8] = []
        try read(limit: limit) { data.append(contentsOf: $0) }
        return data
    }

    /// Moves past the current entry's data without decompressing it.
    public func skip() throws(ArchiveError) {
        guard archive_read_data_skip(archive) == ARCHIVE_OK else {
            throw ArchiveError("cannot skip an entry: \(ZipReader.message(archive))")
        }
    }

    static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }
}
