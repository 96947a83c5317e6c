internal import CZlib

/// The extra fields of one ZIP record. Most carry times and owners and change nothing about an entry; a few change
/// what it is: Zip64 sizes and offsets, and the Info-ZIP Unicode Path field, which gives the entry a second name
/// that some readers (libarchive among them) use instead of the one in the record. We accept the fields common
/// tools write, refuse any other, and accept a Unicode Path only when it names the entry exactly as the record does.
struct ZipExtraFields {
    enum ID {
        static let zip64: UInt16 = 0x0001
        static let ntfsTimes: UInt16 = 0x000A
        static let pkwareUnix: UInt16 = 0x000D
        static let extendedTimestamp: UInt16 = 0x5455
        static let infoZipUnixOld: UInt16 = 0x5855
        static let infoZipUnix: UInt16 = 0x7855
        static let infoZipUnixIDs: UInt16 = 0x7875
        static let unicodePath: UInt16 = 0x7075
        static let jarMarker: UInt16 = 0xCAFE
    }

    /// Fields that only describe the entry (times, owners, a marker): harmless whatever they say.
    static let descriptive: Set<UInt16> = [ID.ntfsTimes, ID.pkwareUnix, ID.extendedTimestamp, ID.infoZipUnixOld,
                                           ID.infoZipUnix, ID.infoZipUnixIDs, ID.jarMarker]

    private(set) var fields: [UInt16: [UInt8]] = [:]

    /// Parses `bytes` as a sequence of (id, length, data) that fills them exactly, each id at most once.
    init(_ bytes: [UInt8], entry name: String, rawName: [UInt8]) throws(ArchiveError) {
        var index = 0
        while index < bytes.count {
            guard index + 4 <= bytes.count else {
                throw ArchiveError(.zipInconsistent, "entry '\(name)' has a damaged extra field")
            }
            let id = bytes.le16(index), length = Int(bytes.le16(index + 2))
            guard index + 4 + length <= bytes.count else {
                throw ArchiveError(.zipInconsistent, "entry '\(name)' has an extra field longer than the space for it")
            }
            guard fields[id] == nil else {
                throw ArchiveError(.zipInconsistent, "entry '\(name)' has two extra fields of type \(Self.hex(id))")
            }
            guard id == ID.zip64 || id == ID.unicodePath || Self.descriptive.contains(id) else {
                throw ArchiveError(.zipUnsupported, "entry '\(name)' has an extra field of type \(Self.hex(id)), " +
                                   "which bundles do not use")
            }
            fields[id] = Array(bytes[(index + 4)..<(index + 4 + length)])
            index += 4 + length
        }
        if let unicode = fields[ID.unicodePath] {
            // Version 1, the CRC-32 of the name in the record, then the name in UTF-8.
            let crc = rawName.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            guard unicode.count >= 5, unicode[0] == 1, unicode.le32(1) == crc, Array(unicode[5...]) == rawName else {
                let other = unicode.count > 5 ? String(decoding: unicode[5...], as: UTF8.self) : ""
                throw ArchiveError(.zipInconsistent, "entry '\(name)' carries a Unicode Path extra field that renames it" +
                                   (other.isEmpty ? "" : " to '\(other)'") + "; other readers would see another file")
            }
        }
    }

    /// The Zip64 values for the fields of a record that hold the 0xFFFFFFFF sentinel, in the order the format
    /// fixes (uncompressed size, compressed size, local header offset), each only when its field asked for it.
    func zip64(uncompressed: inout UInt64, compressed: inout UInt64, offset: inout UInt64?, entry name: String)
        throws(ArchiveError) {
        let wanted = [uncompressed == 0xFFFF_FFFF, compressed == 0xFFFF_FFFF, offset == 0xFFFF_FFFF]
        guard wanted.contains(true) else { return }
        guard let data = fields[ID.zip64] else {
            throw ArchiveError(.zipInconsistent, "entry '\(name)' needs Zip64 sizes that it does not carry")
        }
        var cursor = 0
        func next() throws(ArchiveError) -> UInt64 {
            guard cursor + 8 <= data.count else {
                throw ArchiveError(.zipInconsistent, "entry '\(name)' has a Zip64 field too short for its sizes")
            }
            defer { cursor += 8 }
            return data.le64(cursor)
        }
        if wanted[0] { uncompressed = try next() }
        if wanted[1] { compressed = try next() }
        if wanted[2] { offset = try next() }
    }

    var hasZip64: Bool { fields[ID.zip64] != nil }

    static func hex(_ id: UInt16) -> String {
        let digits = String(id, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
