import LessonpackSystem

/// Where the central directory is, as the end of the file says: the end record and, when there is one, the Zip64
/// end record its locator points at. Readers disagree about files where these are ambiguous (a second end record in
/// the comment, a Zip64 record that says something else than the classic one, bytes after the end), and an attacker
/// hides entries in the gap between what two readers see; so every field both records hold must agree, and the
/// records must sit exactly where the directory ends.
struct ZipEnd {
    var entryCount: UInt64
    var directoryOffset: UInt64
    var directorySize: UInt64
    /// Where the directory must end: at the Zip64 end record when there is one, else at the end record.
    var directoryEnd: UInt64
    var usesZip64: Bool

    private static let recordLength = 22
    private static let locatorLength = 20
    private static let zip64RecordLength = 56

    static func read(_ file: ReadableFile) throws(ArchiveError) -> ZipEnd {
        let fileSize = UInt64(file.size)
        guard fileSize >= UInt64(recordLength) else {
            throw ArchiveError(.zipNotAZip, "it is too short to be a ZIP file")
        }
        // The end record is the last 22 bytes, unless a comment of up to 65,535 bytes follows it.
        let tailLength = Int(min(fileSize, UInt64(recordLength + 65_535)))
        let tailStart = fileSize - UInt64(tailLength)
        let tail = try bytes(file, at: tailStart, count: tailLength)
        let signatures = stride(from: tail.count - recordLength, through: 0, by: -1)
            .filter { tail.le32($0) == ZipSignature.endRecord }
        guard !signatures.isEmpty else {
            throw ArchiveError(.zipNotAZip, "it is not a ZIP file (it has no end of central directory record; was it cut short?)")
        }
        // The end record is the one whose comment runs exactly to the end of the file. Another signature after it,
        // or a second record that would also fit, is an end record some other reader would use instead.
        let fitting = signatures.filter { $0 + recordLength + Int(tail.le16($0 + 20)) == tail.count }
        guard let index = fitting.last else { throw ArchiveError(.zipHiddenData, "it has bytes after the end of its ZIP data") }
        if fitting.count > 1 || signatures.contains(where: { $0 > index }) {
            throw ArchiveError(.zipInconsistent, "its archive comment holds a second end record, which other readers would use")
        }
        // A comment is bytes the signature does not cover and no reader of ours uses: bundles have none.
        guard tail.le16(index + 20) == 0 else {
            throw ArchiveError(.zipUnsupported, "it has an archive comment; bundles have none")
        }
        let recordOffset = tailStart + UInt64(index)
        let disk = tail.le16(index + 4), directoryDisk = tail.le16(index + 6)
        let onDisk = UInt64(tail.le16(index + 8)), total = UInt64(tail.le16(index + 10))
        let size = UInt64(tail.le32(index + 12)), offset = UInt64(tail.le32(index + 16))
        var end = ZipEnd(entryCount: total, directoryOffset: offset, directorySize: size, directoryEnd: recordOffset,
                         usesZip64: false)

        if recordOffset >= UInt64(locatorLength),
           let locator = try? bytes(file, at: recordOffset - UInt64(locatorLength), count: locatorLength),
           locator.le32(0) == ZipSignature.zip64Locator {
            end = try zip64(file, locator: locator, locatorOffset: recordOffset - UInt64(locatorLength))
            // Each field of the classic record either says "see the Zip64 record" or says the same.
            func agrees(_ classic: UInt64, _ sentinel: UInt64, _ zip64: UInt64) -> Bool {
                classic == sentinel || classic == zip64
            }
            guard agrees(onDisk, 0xFFFF, end.entryCount), agrees(total, 0xFFFF, end.entryCount),
                  agrees(size, 0xFFFF_FFFF, end.directorySize), agrees(offset, 0xFFFF_FFFF, end.directoryOffset),
                  disk == 0 || disk == 0xFFFF, directoryDisk == 0 || directoryDisk == 0xFFFF else {
                throw ArchiveError(.zipInconsistent, "its end record and its Zip64 end record describe different directories")
            }
        } else {
            guard disk == 0, directoryDisk == 0, onDisk == total else {
                throw ArchiveError(.zipUnsupported, "it spans several disks")
            }
            guard total != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else {
                throw ArchiveError(.zipInconsistent, "its end record refers to a Zip64 end record that is not there")
            }
        }
        let (directoryEnd, overflow) = end.directoryOffset.addingReportingOverflow(end.directorySize)
        guard !overflow, directoryEnd <= end.directoryEnd else {
            throw ArchiveError(.zipInconsistent, "its central directory runs past the records that end it")
        }
        guard directoryEnd == end.directoryEnd else {
            throw ArchiveError(.zipHiddenData, "it has \(end.directoryEnd - directoryEnd) bytes between its central " +
                               "directory and its end record")
        }
        return end
    }

    private static func zip64(_ file: ReadableFile, locator: [UInt8], locatorOffset: UInt64) throws(ArchiveError) -> ZipEnd {
        let recordOffset = locator.le64(8)
        guard locator.le32(4) == 0, locator.le32(16) <= 1 else { throw ArchiveError(.zipUnsupported, "it spans several disks") }
        guard recordOffset <= locatorOffset, locatorOffset - recordOffset >= UInt64(zip64RecordLength) else {
            throw ArchiveError(.zipInconsistent, "its Zip64 locator points outside the file")
        }
        let record = try bytes(file, at: recordOffset, count: zip64RecordLength)
        guard record.le32(0) == ZipSignature.zip64EndRecord else {
            throw ArchiveError(.zipInconsistent, "its Zip64 locator points at something that is not a Zip64 end record")
        }
        // The record is the version 1 record, 44 bytes after its signature and length, with no extensible data,
        // and it ends exactly at the locator: nothing hides between them.
        guard record.le64(4) == 44, recordOffset + UInt64(zip64RecordLength) == locatorOffset else {
            throw ArchiveError(.zipInconsistent, "its Zip64 end record does not end where its locator begins")
        }
        guard record.le32(16) == 0, record.le32(20) == 0, record.le64(24) == record.le64(32) else {
            throw ArchiveError(.zipUnsupported, "it spans several disks")
        }
        return ZipEnd(entryCount: record.le64(32), directoryOffset: record.le64(48), directorySize: record.le64(40),
                      directoryEnd: recordOffset, usesZip64: true)
    }

    static func bytes(_ file: ReadableFile, at offset: UInt64, count: Int) throws(ArchiveError) -> [UInt8] {
        let bytes: [UInt8]
        do { bytes = try file.read(at: offset, count: count) } catch {
            throw ArchiveError(.zipUnreadable, "cannot read it: \(SystemErrorText.describe(error))")
        }
        guard bytes.count == count else { throw ArchiveError(.zipTruncated, "it is cut short") }
        return bytes
    }
}
