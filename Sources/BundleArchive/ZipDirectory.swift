import Foundation
import LessonpackSystem

/// A ZIP file's entries, as its central directory records them, once every record has been checked against every
/// other: the end records against the directory, each directory record against its local header and data
/// descriptor, and the entries against the file, which they must fill from its first byte to the directory with
/// nothing between them. Readers that walk local headers, or trust a Zip64 record, an extra field or the directory
/// alone, see different files in a ZIP where these disagree; in one where they all agree there is only one reading,
/// and it is this one. Entries are read by the offsets found here (`ZipArchive`), never by another reader's.
package struct ZipDirectory: Sendable {
    package struct Entry: Sendable, Equatable {
        /// The name as stored, decoded as UTF-8 (invalid sequences become U+FFFD; `rawName` keeps the bytes).
        package var name: String
        package var rawName: [UInt8]
        package var nameIsValidUTF8: Bool
        package var flags: UInt16
        package var method: UInt16
        package var crc32: UInt32
        package var compressedSize: UInt64
        package var uncompressedSize: UInt64
        /// The high 16 bits hold the Unix mode for entries made on Unix.
        package var externalAttributes: UInt32
        package var madeOnUnix: Bool
        package var localHeaderOffset: UInt64
        /// Where the entry's (compressed) data starts.
        package var dataOffset: UInt64
        /// Where the entry starts (its local header) and ends (after its data and any data descriptor).
        package var span: Range<UInt64>

        var versionNeeded: UInt16
        var time: UInt16
        var date: UInt16

        package var isEncrypted: Bool { flags & 1 != 0 }
        /// The Unix mode in the external attributes' high 16 bits, whatever system the entry says it was made on:
        /// a tool extracting it may honour the bits anyway. Nil when they are all zero.
        package var unixMode: UInt32? { externalAttributes >> 16 == 0 ? nil : externalAttributes >> 16 }
        package var isSymbolicLink: Bool { (unixMode ?? 0) & 0o170000 == 0o120000 }
        package var hasDataDescriptor: Bool { flags & 0x0008 != 0 }
    }

    package struct Limits: Sendable {
        package var maxEntries: Int
        package var maxDirectoryBytes: Int

        package init(maxEntries: Int = 10_000, maxDirectoryBytes: Int = 16 << 20) {
            self.maxEntries = maxEntries
            self.maxDirectoryBytes = maxDirectoryBytes
        }
    }

    package var entries: [Entry]
    package var fileSize: UInt64
    /// Where the central directory starts: the last entry ends exactly here.
    package var directoryOffset: UInt64
    package var usesZip64: Bool

    /// Reads the directory of the ZIP file at `path` (a regular file), throwing when its structure is not sound.
    package static func read(path: String, limits: Limits = Limits()) throws(ArchiveError) -> ZipDirectory {
        try read(ZipArchive.open(path), limits: limits)
    }

    static func read(_ file: ReadableFile, limits: Limits) throws(ArchiveError) -> ZipDirectory {
        let end = try ZipEnd.read(file)
        guard end.entryCount <= UInt64(limits.maxEntries) else {
            throw ArchiveError(.zipTooLarge, "it has \(end.entryCount) entries; the limit is \(limits.maxEntries)")
        }
        guard end.directorySize <= UInt64(limits.maxDirectoryBytes) else {
            throw ArchiveError(.zipTooLarge, "its central directory is \(end.directorySize) bytes; the limit is " +
                               "\(limits.maxDirectoryBytes)")
        }
        let records = try ZipEnd.bytes(file, at: end.directoryOffset, count: Int(end.directorySize))
        var entries: [Entry] = []
        var cursor = 0
        while entries.count < Int(end.entryCount) {
            var entry = try record(records, at: &cursor)
            try locate(&entry, in: file)
            entries.append(entry)
        }
        guard cursor == records.count else {
            throw ArchiveError(.zipHiddenData, "its central directory holds more than the \(end.entryCount) records its " +
                               "end record counts")
        }
        let directory = ZipDirectory(entries: entries, fileSize: UInt64(file.size), directoryOffset: end.directoryOffset,
                                     usesZip64: end.usesZip64)
        try directory.checkLayout()
        return directory
    }

    // MARK: - Central directory records

    /// The flags bundles may carry: deflate options (bits 1–2), a data descriptor (3), UTF-8 names (11).
    private static let acceptedFlags: UInt16 = 0x0002 | 0x0004 | 0x0008 | 0x0800

    private static func record(_ bytes: [UInt8], at cursor: inout Int) throws(ArchiveError) -> Entry {
        guard cursor + 46 <= bytes.count, bytes.le32(cursor) == ZipSignature.centralRecord else {
            throw ArchiveError(.zipInconsistent, "its central directory is damaged")
        }
        let nameLength = Int(bytes.le16(cursor + 28))
        let extraLength = Int(bytes.le16(cursor + 30))
        let commentLength = Int(bytes.le16(cursor + 32))
        let recordEnd = cursor + 46 + nameLength + extraLength + commentLength
        guard recordEnd <= bytes.count else { throw ArchiveError(.zipInconsistent, "its central directory is damaged") }
        let nameBytes = Array(bytes[(cursor + 46)..<(cursor + 46 + nameLength)])
        let decoded = String(validating: nameBytes, as: UTF8.self)
        var entry = Entry(
            name: decoded ?? String(decoding: nameBytes, as: UTF8.self), rawName: nameBytes,
            nameIsValidUTF8: decoded != nil,
            flags: bytes.le16(cursor + 8), method: bytes.le16(cursor + 10), crc32: bytes.le32(cursor + 16),
            compressedSize: UInt64(bytes.le32(cursor + 20)), uncompressedSize: UInt64(bytes.le32(cursor + 24)),
            externalAttributes: bytes.le32(cursor + 38), madeOnUnix: bytes[cursor + 5] == 3,
            localHeaderOffset: UInt64(bytes.le32(cursor + 42)), dataOffset: 0, span: 0..<0,
            versionNeeded: bytes.le16(cursor + 6), time: bytes.le16(cursor + 12), date: bytes.le16(cursor + 14))
        let quoted = "entry '\(entry.name)'"
        if entry.isEncrypted { throw ArchiveError(.zipUnsupported, "\(quoted) is encrypted") }
        guard entry.flags & ~acceptedFlags == 0 else {
            throw ArchiveError(.zipUnsupported, "\(quoted) uses ZIP features bundles do not (flags \(ZipExtraFields.hex(entry.flags)))")
        }
        guard entry.method == 0 || entry.method == 8 else {
            throw ArchiveError(.zipUnsupported, "\(quoted) uses compression method \(entry.method)" +
                               (methodNames[entry.method].map { " (\($0))" } ?? "") +
                               "; bundles use only store and deflate")
        }
        guard commentLength == 0 else { throw ArchiveError(.zipUnsupported, "\(quoted) has a comment; bundle entries have none") }
        guard bytes.le16(cursor + 34) == 0 else { throw ArchiveError(.zipUnsupported, "it spans several disks") }
        let extra = try ZipExtraFields(Array(bytes[(cursor + 46 + nameLength)..<(cursor + 46 + nameLength + extraLength)]),
                                       entry: entry.name, rawName: nameBytes)
        var offset: UInt64? = entry.localHeaderOffset
        try extra.zip64(uncompressed: &entry.uncompressedSize, compressed: &entry.compressedSize, offset: &offset,
                        entry: entry.name)
        entry.localHeaderOffset = offset ?? entry.localHeaderOffset
        if entry.method == 0 && entry.compressedSize != entry.uncompressedSize {
            throw ArchiveError(.zipInconsistent, "\(quoted) is stored, yet its sizes differ")
        }
        cursor = recordEnd
        return entry
    }

    private static let methodNames: [UInt16: String] = [1: "shrink", 6: "implode", 9: "deflate64", 12: "bzip2",
                                                        14: "LZMA", 93: "Zstandard", 95: "xz", 98: "PPMd", 99: "AES"]

    // MARK: - Local headers and data descriptors

    /// Finds where the entry's data and its end are, checking that its local header and data descriptor say what
    /// the directory record says.
    private static func locate(_ entry: inout Entry, in file: ReadableFile) throws(ArchiveError) {
        let quoted = "entry '\(entry.name)'"
        let fileSize = UInt64(file.size)
        let start = entry.localHeaderOffset
        guard start <= fileSize, fileSize - start >= 30 else {
            throw ArchiveError(.zipInconsistent, "\(quoted) points outside the file")
        }
        let header = try ZipEnd.bytes(file, at: start, count: 30)
        guard header.le32(0) == ZipSignature.localHeader else {
            throw ArchiveError(.zipInconsistent, "\(quoted) points at something that is not a local header")
        }
        let nameLength = UInt64(header.le16(26)), extraLength = UInt64(header.le16(28))
        guard start + 30 + nameLength + extraLength <= fileSize else { throw ArchiveError(.zipTruncated, "\(quoted) is cut short") }
        let rest = try ZipEnd.bytes(file, at: start + 30, count: Int(nameLength + extraLength))
        guard Array(rest.prefix(Int(nameLength))) == entry.rawName else {
            throw ArchiveError(.zipInconsistent, "\(quoted) has a different name in its local header")
        }
        func disagree(_ what: String) -> ArchiveError {
            ArchiveError(.zipInconsistent, "\(quoted): its local header and the central directory disagree about \(what)")
        }
        guard header.le16(4) == entry.versionNeeded, header.le16(6) == entry.flags else { throw disagree("its flags") }
        guard header.le16(8) == entry.method else { throw disagree("its compression method") }
        guard header.le16(10) == entry.time, header.le16(12) == entry.date else { throw disagree("its date") }
        let extra = try ZipExtraFields(Array(rest.dropFirst(Int(nameLength))), entry: entry.name, rawName: entry.rawName)
        var localSize = UInt64(header.le32(22)), localCompressed = UInt64(header.le32(18))
        var noOffset: UInt64?
        try extra.zip64(uncompressed: &localSize, compressed: &localCompressed, offset: &noOffset, entry: entry.name)
        let localCRC = header.le32(14)
        if entry.hasDataDescriptor {
            // Writers that stream leave the local fields zero and give them in the descriptor; some fill in what
            // they knew. Either way, nothing there may contradict the directory.
            guard localCRC == 0 || localCRC == entry.crc32 else { throw disagree("its CRC-32") }
            guard localSize == 0 || localSize == entry.uncompressedSize,
                  localCompressed == 0 || localCompressed == entry.compressedSize else { throw disagree("its sizes") }
        } else {
            guard localCRC == entry.crc32 else { throw disagree("its CRC-32") }
            guard localSize == entry.uncompressedSize, localCompressed == entry.compressedSize else { throw disagree("its sizes") }
        }
        entry.dataOffset = start + 30 + nameLength + extraLength
        let (dataEnd, overflow) = entry.dataOffset.addingReportingOverflow(entry.compressedSize)
        guard !overflow, dataEnd <= fileSize else {
            throw ArchiveError(.zipTruncated, "\(quoted) claims \(entry.compressedSize) bytes, beyond the end of the file")
        }
        var end = dataEnd
        if entry.hasDataDescriptor {
            end += try descriptorLength(of: entry, at: dataEnd, in: file, wideSizes: extra.hasZip64)
        }
        entry.span = start..<end
    }

    /// A data descriptor: an optional signature, the CRC-32, then both sizes (8 bytes each under Zip64). It must
    /// repeat the directory's values.
    private static func descriptorLength(of entry: Entry, at offset: UInt64, in file: ReadableFile,
                                         wideSizes: Bool) throws(ArchiveError) -> UInt64 {
        let fieldsLength = wideSizes ? 20 : 12
        let available = Int(min(UInt64(fieldsLength + 4), UInt64(file.size) - offset))
        let bytes = try ZipEnd.bytes(file, at: offset, count: available)
        func matches(at start: Int) -> Bool {
            guard start + fieldsLength <= bytes.count, bytes.le32(start) == entry.crc32 else { return false }
            let compressed = wideSizes ? bytes.le64(start + 4) : UInt64(bytes.le32(start + 4))
            let size = wideSizes ? bytes.le64(start + 12) : UInt64(bytes.le32(start + 8))
            return compressed == entry.compressedSize && size == entry.uncompressedSize
        }
        if bytes.count >= 4, bytes.le32(0) == ZipSignature.dataDescriptor, matches(at: 4) { return UInt64(fieldsLength + 4) }
        if matches(at: 0) { return UInt64(fieldsLength) }
        throw ArchiveError(.zipInconsistent, "entry '\(entry.name)': its data descriptor and the central directory disagree")
    }

    // MARK: - Layout

    /// The entries must fill the file from its first byte to the central directory, one after another: no bytes
    /// before the first, between two or after the last, where a second reading could find entries of its own.
    private func checkLayout() throws(ArchiveError) {
        var expected: UInt64 = 0
        var previous: Entry?
        for entry in entries.sorted(by: { $0.localHeaderOffset < $1.localHeaderOffset }) {
            let start = entry.span.lowerBound
            if start < expected, let previous {
                throw ArchiveError(.zipOverlappingEntries, "entries '\(previous.name)' and '\(entry.name)' overlap in the file " +
                                   "(an overlapping-entry zip bomb?)")
            }
            if start > expected {
                let place = previous.map { "between entries '\($0.name)' and '\(entry.name)'" } ?? "before its first entry"
                throw ArchiveError(.zipHiddenData, "it has \(start - expected) bytes \(place) that no entry accounts for")
            }
            expected = entry.span.upperBound
            previous = entry
        }
        if expected > directoryOffset, let previous {
            throw ArchiveError(.zipOverlappingEntries, "entry '\(previous.name)' runs into the central directory")
        }
        if expected < directoryOffset {
            throw ArchiveError(.zipHiddenData, "it has \(directoryOffset - expected) bytes between its last entry and its " +
                               "central directory that no entry accounts for")
        }
    }
}
