import BundleArchive
import Foundation

/// Writes ZIP files byte by byte, including the malformed and malicious ones no real writer produces, so tests
/// can show that readers refuse them: lying sizes, encrypted flags, links, overlapping entries, bad CRCs, extra
/// fields that rename, records hidden beyond the directory's count, bytes between entries.
package struct CraftedZip: Sendable {
    package struct Entry: Sendable {
        package var name: String
        package var data: [UInt8]
        package var deflate = false
        package var flags: UInt16 = 0
        /// Unix mode in the high bits of the external attributes (0o100644 for a file, 0o120777 for a link).
        package var unixMode: UInt32 = 0o100644
        /// Overrides, to lie about the entry.
        package var crc32: UInt32?
        package var declaredSize: UInt32?
        package var compressedSizeOverride: UInt32?
        /// The method both records give (e.g. 12, bzip2), whatever `deflate` says about the data.
        package var method: UInt16?
        /// Points the directory record at another entry's local header (by index), for overlap attacks.
        package var localHeaderOf: Int?
        /// The name the local header gives, when it is not `name`.
        package var localName: String?
        package var localExtra: [UInt8] = []
        package var centralExtra: [UInt8] = []
        /// Sizes and CRC left zero in the local header and given in a data descriptor after the data (bit 3).
        package var dataDescriptor = false

        package init(_ name: String, _ data: [UInt8], deflate: Bool = false) {
            self.name = name
            self.data = data
            self.deflate = deflate
        }

        package init(_ name: String, _ text: String, deflate: Bool = false) {
            self.init(name, Array(text.utf8), deflate: deflate)
        }
    }

    package var entries: [Entry]
    /// Bytes before the first entry (a self-extractor's stub, or something to hide).
    package var prefix: [UInt8] = []
    /// Bytes after each entry, by index: space no entry accounts for.
    package var gapAfter: [Int: [UInt8]] = [:]
    /// Directory records the end record does not count: written after the counted ones.
    package var uncounted: [Entry] = []
    package var comment: [UInt8] = []
    /// Bytes after the end record that its comment length does not cover.
    package var trailing: [UInt8] = []

    package init(_ entries: [Entry]) { self.entries = entries }

    package func bytes() -> [UInt8] {
        var output = prefix
        var directory: [UInt8] = []
        var offsets: [Int] = []
        var compressedSizes: [Int] = []
        let all = entries + uncounted
        for (index, entry) in all.enumerated() {
            let stored = entry.deflate ? Deflate.raw(entry.data) : entry.data
            let crc = entry.crc32 ?? Deflate.crc32(entry.data)
            let name = Array((entry.localName ?? entry.name).utf8)
            offsets.append(output.count)
            compressedSizes.append(stored.count)
            let compressedSize = entry.compressedSizeOverride ?? UInt32(stored.count)
            let size = entry.declaredSize ?? UInt32(entry.data.count)
            let flags = entry.flags | (entry.dataDescriptor ? 0x0008 : 0)
            let method = entry.method ?? (entry.deflate ? 8 : 0)
            output += le32(0x0403_4B50) + le16(20) + le16(flags) + le16(method) + le16(0) + le16(0x21)
            output += entry.dataDescriptor ? le32(0) + le32(0) + le32(0) : le32(crc) + le32(compressedSize) + le32(size)
            output += le16(UInt16(name.count)) + le16(UInt16(entry.localExtra.count)) + name + entry.localExtra
            output += stored
            if entry.dataDescriptor { output += le32(0x0807_4B50) + le32(crc) + le32(compressedSize) + le32(size) }
            output += gapAfter[index] ?? []
        }
        for (index, entry) in all.enumerated() {
            let crc = entry.crc32 ?? Deflate.crc32(entry.data)
            let name = Array(entry.name.utf8)
            let compressedSize = entry.compressedSizeOverride ?? UInt32(compressedSizes[index])
            let size = entry.declaredSize ?? UInt32(entry.data.count)
            let offset = offsets[entry.localHeaderOf ?? index]
            let flags = entry.flags | (entry.dataDescriptor ? 0x0008 : 0)
            let method = entry.method ?? (entry.deflate ? 8 : 0)
            directory += le32(0x0201_4B50) + le16(0x0314) + le16(20) + le16(flags) + le16(method)
            directory += le16(0) + le16(0x21) + le32(crc) + le32(compressedSize) + le32(size)
            directory += le16(UInt16(name.count)) + le16(UInt16(entry.centralExtra.count)) + le16(0) + le16(0) + le16(0)
            directory += le32(entry.unixMode << 16) + le32(UInt32(offset)) + name + entry.centralExtra
        }
        let directoryOffset = output.count
        output += directory
        output += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        output += le32(UInt32(directory.count)) + le32(UInt32(directoryOffset)) + le16(UInt16(comment.count)) + comment
        return output + trailing
    }

    package func write(to path: String) throws {
        try Data(bytes()).write(to: URL(fileURLWithPath: path))
    }

    /// An Info-ZIP Unicode Path extra field (0x7075) giving `name` as the entry's name, for the header name `header`.
    package static func unicodePathField(_ name: String, header: String) -> [UInt8] {
        let body: [UInt8] = [1] + le32(Deflate.crc32(Array(header.utf8))) + Array(name.utf8)
        return le16(0x7075) + le16(UInt16(body.count)) + body
    }

    package static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    package static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
    package static func le64(_ value: UInt64) -> [UInt8] { le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32)) }
    private func le16(_ value: UInt16) -> [UInt8] { Self.le16(value) }
    private func le32(_ value: UInt32) -> [UInt8] { Self.le32(value) }
}
