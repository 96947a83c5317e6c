import Foundation

/// A ZIP file's central directory as recorded, with each entry's local header checked and the byte range its data
/// occupies. libarchive reads entries but takes each directory record on trust; this is what lets a reader refuse
/// the tricks that live in the records themselves: entries whose data overlap (the overlapping-file zip bomb),
/// entries that claim to be something the local header contradicts, sizes beyond any sane bound.
public struct ZipDirectory: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The name as stored, decoded as UTF-8 (invalid sequences become U+FFFD; `rawName` keeps the bytes).
        public var name: String
        public var rawName: [UInt8]
        public var nameIsValidUTF8: Bool
        public var flags: UInt16
        public var method: UInt16
        public var crc32: UInt32
        public var compressedSize: UInt64
        public var uncompressedSize: UInt64
        /// The high 16 bits hold the Unix mode for entries made on Unix.
        public var externalAttributes: UInt32
        public var madeOnUnix: Bool
        public var localHeaderOffset: UInt64
        /// Where the entry starts (its local header) and ends (after its data and any data descriptor).
        public var span: Range<UInt64>

        public var isEncrypted: Bool { flags & 1 != 0 }
        public var unixMode: UInt32? { madeOnUnix ? externalAttributes >> 16 : nil }
        public var isSymbolicLink: Bool { (unixMode ?? 0) & 0o170000 == 0o120000 }
    }

    public struct Limits: Sendable {
        public var maxEntries: Int
        public var maxDirectoryBytes: Int

        public init(maxEntries: Int = 10_000, maxDirectoryBytes: Int = 16 << 20) {
            self.maxEntries = maxEntries
            self.maxDirectoryBytes = maxDirectoryBytes
        }
    }

    public var entries: [Entry]
    public var fileSize: UInt64
    /// Where the central directory starts: every entry must end before it.
    public var directoryOffset: UInt64

    /// Reads the directory of the ZIP file at `path`, throwing when its structure is not sound.
    public static func read(path: String, limits: Limits = Limits()) throws(ArchiveError) -> ZipDirectory {
        guard let file = FileHandle(forReadingAtPath: path) else { throw ArchiveError("cannot open \(path)") }
        defer { try? file.close() }
        let reader = ByteReader(file: file)
        let fileSize = try reader.size()
        let end = try findEndRecord(reader, fileSize: fileSize)
        guard end.entryCount <= UInt64(limits.maxEntries) else {
            throw ArchiveError("it has \(end.entryCount) entries; the limit is \(limits.maxEntries)")
        }
        guard end.directorySize <= UInt64(limits.maxDirectoryBytes),
              end.directoryOffset <= end.recordOffset, end.directorySize <= end.recordOffset - end.directoryOffset else {
            throw ArchiveError("its central directory is out of bounds")
        }
        let directory = try reader.bytes(at: end.directoryOffset, count: Int(end.directorySize))
        var entries: [Entry] = []
        var cursor = 0
        while entries.count < Int(end.entryCount) {
            var entry = try parseDirectoryRecord(directory, at: &cursor)
            entry.span = try span(of: entry, reader: reader, fileSize: fileSize)
            entries.append(entry)
        }
        return ZipDirectory(entries: entries, fileSize: fileSize, directoryOffset: end.directoryOffset)
    }

    /// Pairs of entries whose bytes overlap, and entries that run into the central directory: both are signs
    /// of a crafted file, since a ZIP writer lays entries one after another.
    public func overlaps() -> [(Entry, Entry?)] {
        let ordered = entries.sorted { $0.span.lowerBound < $1.span.lowerBound }
        var found: [(Entry, Entry?)] = []
        for (first, second) in zip(ordered, ordered.dropFirst()) where first.span.overlaps(second.span) {
            found.append((first, second))
        }
        for entry in ordered where entry.span.upperBound > directoryOffset { found.append((entry, nil)) }
        return found
    }

    // MARK: - Records

    private struct EndRecord {
        var entryCount: UInt64
        var directorySize: UInt64
        var directoryOffset: UInt64
        var recordOffset: UInt64
    }

    private static func findEndRecord(_ reader: ByteReader, fileSize: UInt64) throws(ArchiveError) -> EndRecord {
        // The end record is the last 22 bytes, unless a comment (up to 65535 bytes) follows it.
        let tailLength = Int(min(fileSize, 22 + 65_535))
        guard tailLength >= 22 else { throw ArchiveError("it is too short to be a ZIP file") }
        let tailStart = fileSize - UInt64(tailLength)
        let tail = try reader.bytes(at: tailStart, count: tailLength)
        guard let index = stride(from: tail.count - 22, through: 0, by: -1)
            .first(where: { tail.le32($0) == 0x0605_4B50 }) else {
            throw ArchiveError("it is not a ZIP file (no end of central directory record)")
        }
        var record = EndRecord(entryCount: UInt64(tail.le16(index + 10)), directorySize: UInt64(tail.le32(index + 12)),
                               directoryOffset: UInt64(tail.le32(index + 16)), recordOffset: tailStart + UInt64(index))
        let needsZip64 = record.entryCount == 0xFFFF || record.directorySize == 0xFFFF_FFFF
            || record.directoryOffset == 0xFFFF_FFFF
        guard needsZip64 else { return record }
        // Zip64: a locator just before the end record points at the Zip64 end record.
        guard record.recordOffset >= 20 else { throw ArchiveError("its Zip64 end record is missing") }
        let locator = try reader.bytes(at: record.recordOffset - 20, count: 20)
        guard locator.le32(0) == 0x0706_4B50 else { throw ArchiveError("its Zip64 end record is missing") }
        let zip64Offset = locator.le64(8)
        guard zip64Offset < record.recordOffset else { throw ArchiveError("its Zip64 end record is out of bounds") }
        let zip64 = try reader.bytes(at: zip64Offset, count: 56)
        guard zip64.le32(0) == 0x0606_4B50 else { throw ArchiveError("its Zip64 end record is damaged") }
        record.entryCount = zip64.le64(32)
        record.directorySize = zip64.le64(40)
        record.directoryOffset = zip64.le64(48)
        record.recordOffset = zip64Offset
        return record
    }

    private static func parseDirectoryRecord(_ bytes: [UInt8], at cursor: inout Int) throws(ArchiveError) -> Entry {
        guard cursor + 46 <= bytes.count, bytes.le32(cursor) == 0x0201_4B50 else {
            throw ArchiveError("its central directory is damaged")
        }
        let nameLength = Int(bytes.le16(cursor + 28))
        let extraLength = Int(bytes.le16(cursor + 30))
        let commentLength = Int(bytes.le16(cursor + 32))
        let recordEnd = cursor + 46 + nameLength + extraLength + commentLength
        guard recordEnd <= bytes.count else { throw ArchiveError("its central directory is damaged") }
        let nameBytes = Array(bytes[(cursor + 46)..<(cursor + 46 + nameLength)])
        let decoded = String(validating: nameBytes, as: UTF8.self)
        var entry = Entry(
            name: decoded ?? String(decoding: nameBytes, as: UTF8.self), rawName: nameBytes,
            nameIsValidUTF8: decoded != nil,
            flags: bytes.le16(cursor + 8), method: bytes.le16(cursor + 10), crc32: bytes.le32(cursor + 16),
            compressedSize: UInt64(bytes.le32(cursor + 20)), uncompressedSize: UInt64(bytes.le32(cursor + 24)),
            externalAttributes: bytes.le32(cursor + 38), madeOnUnix: bytes[cursor + 5] == 3,
            localHeaderOffset: UInt64(bytes.le32(cursor + 42)), span: 0..<0)
        applyZip64(Array(bytes[(cursor + 46 + nameLength)..<(cursor + 46 + nameLength + extraLength)]), to: &entry)
        cursor = recordEnd
        return entry
    }

    /// Sizes and offsets too large for 32 bits live in the Zip64 extra field, in a fixed order, present only for
    /// the fields that overflowed.
    private static func applyZip64(_ extra: [UInt8], to entry: inout Entry) {
        var index = 0
        while index + 4 <= extra.count {
            let id = extra.le16(index)
            let length = Int(extra.le16(index + 2))
            let body = index + 4
            guard body + length <= extra.count else { return }
            if id == 0x0001 {
                var field = body
                func next() -> UInt64? {
                    guard field + 8 <= body + length else { return nil }
                    defer { field += 8 }
                    return extra.le64(field)
                }
                if entry.uncompressedSize == 0xFFFF_FFFF, let value = next() { entry.uncompressedSize = value }
                if entry.compressedSize == 0xFFFF_FFFF, let value = next() { entry.compressedSize = value }
                if entry.localHeaderOffset == 0xFFFF_FFFF, let value = next() { entry.localHeaderOffset = value }
            }
            index = body + length
        }
    }

    private static func span(of entry: Entry, reader: ByteReader, fileSize: UInt64) throws(ArchiveError)
        -> Range<UInt64> {
        let start = entry.localHeaderOffset
        guard start <= fileSize, fileSize - start >= 30 else {
            throw ArchiveError("entry '\(entry.name)' points outside the file")
        }
        let header = try reader.bytes(at: start, count: 30)
        guard header.le32(0) == 0x0403_4B50 else {
            throw ArchiveError("entry '\(entry.name)' points at something that is not a local header")
        }
        let nameLength = UInt64(header.le16(26))
        let extraLength = UInt64(header.le16(28))
        guard start + 30 + nameLength <= fileSize else { throw ArchiveError("entry '\(entry.name)' is cut short") }
        let localName = try reader.bytes(at: start + 30, count: Int(nameLength))
        guard localName == entry.rawName else {
            throw ArchiveError("entry '\(entry.name)' has a different name in its local header")
        }
        let dataStart = start + 30 + nameLength + extraLength
        let (dataEnd, overflow) = dataStart.addingReportingOverflow(entry.compressedSize)
        guard !overflow, dataEnd <= fileSize else {
            throw ArchiveError("entry '\(entry.name)' claims \(entry.compressedSize) bytes, beyond the end of the file")
        }
        var end = dataEnd
        if entry.flags & 0x0008 != 0 {
            // A data descriptor follows: CRC and sizes, with an optional signature, 64-bit sizes under Zip64.
            let zip64 = entry.compressedSize >= 0xFFFF_FFFF || entry.uncompressedSize >= 0xFFFF_FFFF
            var length: UInt64 = zip64 ? 20 : 12
            if fileSize - dataEnd >= 4, try reader.bytes(at: dataEnd, count: 4).le32(0) == 0x0807_4B50 { length += 4 }
            end = min(fileSize, dataEnd + length)
        }
        return start..<end
    }
}

/// Reads byte ranges of a file, refusing ranges that run past its end.
private struct ByteReader {
    let file: FileHandle

    func size() throws(ArchiveError) -> UInt64 {
        do { return try file.seekToEnd() } catch { throw ArchiveError("cannot read: \(error)") }
    }

    func bytes(at offset: UInt64, count: Int) throws(ArchiveError) -> [UInt8] {
        do {
            try file.seek(toOffset: offset)
            let data = try file.read(upToCount: count) ?? Data()
            guard data.count == count else { throw ArchiveError("the file is cut short") }
            return [UInt8](data)
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw ArchiveError("cannot read: \(error)")
        }
    }
}

extension Array where Element == UInt8 {
    func le16(_ index: Int) -> UInt16 { UInt16(self[index]) | UInt16(self[index + 1]) << 8 }
    func le32(_ index: Int) -> UInt32 { UInt32(le16(index)) | UInt32(le16(index + 2)) << 16 }
    func le64(_ index: Int) -> UInt64 { UInt64(le32(index)) | UInt64(le32(index + 4)) << 32 }
}
