import BundleArchive
import Foundation

/// Writes ZIP files byte by byte, including the malformed and malicious ones no real writer produces, so tests
/// can show that readers refuse them: lying sizes, encrypted flags, links, overlapping entries, bad CRCs.
public struct CraftedZip: Sendable {
    public struct Entry: Sendable {
        public var name: String
        public var data: [UInt8]
        public var deflate = false
        public var flags: UInt16 = 0
        /// Unix mode in the high bits of the external attributes (0o100644 for a file, 0o120777 for a link).
        public var unixMode: UInt32 = 0o100644
        /// Overrides, to lie about the entry.
        public var crc32: UInt32?
        public var declaredSize: UInt32?
        public var compressedSizeOverride: UInt32?
        /// Points the directory record at another entry's local header (by index), for overlap attacks.
        public var localHeaderOf: Int?

        public init(_ name: String, _ data: [UInt8], deflate: Bool = false) {
            self.name = name
            self.data = data
            self.deflate = deflate
        }

        public init(_ name: String, _ text: String, deflate: Bool = false) {
            self.init(name, Array(text.utf8), deflate: deflate)
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry]) { self.entries = entries }

    public func bytes() -> [UInt8] {
        var output: [UInt8] = []
        var directory: [UInt8] = []
        var offsets: [Int] = []
        var compressedSizes: [Int] = []
        for entry in entries {
            let stored = entry.deflate ? Deflate.raw(entry.data) : entry.data
            let crc = entry.crc32 ?? Deflate.crc32(entry.data)
            let name = Array(entry.name.utf8)
            offsets.append(output.count)
            compressedSizes.append(stored.count)
            let compressedSize = entry.compressedSizeOverride ?? UInt32(stored.count)
            let size = entry.declaredSize ?? UInt32(entry.data.count)
            output += le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(entry.deflate ? 8 : 0) + le16(0) + le16(0x21)
            output += le32(crc) + le32(compressedSize) + le32(size) + le16(UInt16(name.count)) + le16(0) + name
            output += stored
        }
        for (index, entry) in entries.enumerated() {
            let crc = entry.crc32 ?? Deflate.crc32(entry.data)
            let name = Array(entry.name.utf8)
            let compressedSize = entry.compressedSizeOverride ?? UInt32(compressedSizes[index])
            let size = entry.declaredSize ?? UInt32(entry.data.count)
            let offset = offsets[entry.localHeaderOf ?? index]
            directory += le32(0x0201_4B50) + le16(0x0314) + le16(20) + le16(entry.flags) + le16(entry.deflate ? 8 : 0)
            directory += le16(0) + le16(0x21) + le32(crc) + le32(compressedSize) + le32(size)
            directory += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(entry.unixMode << 16)
            directory += le32(UInt32(offset)) + name
        }
        let directoryOffset = output.count
        output += directory
        output += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        output += le32(UInt32(directory.count)) + le32(UInt32(directoryOffset)) + le16(0)
        return output
    }

    public func write(to path: String) throws {
        try Data(bytes()).write(to: URL(fileURLWithPath: path))
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
}
