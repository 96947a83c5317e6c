/// Writes a property list as a binary property list (`bplist00`), the format `plutil -convert binary1` writes and
/// Apple's tools read fastest. Written here rather than through Foundation's `PropertyListSerialization`, whose
/// dictionaries come out in the order of Swift's per-process hash seed: two runs would write different bytes, and a
/// publisher's converter must be reproducible. Here every object is written once, depth first, in the order the
/// document gives, dictionary keys included, so the same value always gives the same bytes.
///
/// The layout (CoreFoundation's `CFBinaryPList.c` documents it): the header `bplist00`; the objects, each a marker
/// byte whose high nibble is its type and low nibble its size (15: a size object follows); a table of each object's
/// offset; and a 32-byte trailer giving the table's integer sizes, the object count, the top object and where the
/// table starts. Objects are not shared (an equal string written twice is two objects); readers do not mind.
package enum PlistBinaryWriter {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Seconds from 1970 to 2001-01-01, the epoch binary property lists count dates from.
    private static let secondsFrom1970To2001: Int64 = 978_307_200

    package static func bplist(_ value: PlistValue) throws(Failure) -> [UInt8] {
        var objects: [[UInt8]] = []
        // First every object is numbered (a container before its contents, as readers expect nothing of order but
        // the top object's index), so that a container can name its contents by number when it is encoded.
        var flat: [PlistValue] = []
        var children: [[Int]] = []
        func number(_ value: PlistValue) -> Int {
            let index = flat.count
            flat.append(value)
            children.append([])
            switch value {
            case .array(let items): children[index] = items.map(number)
            case .dictionary(let entries):
                let keys = entries.map { number(.string($0.key)) }
                children[index] = keys + entries.map { number($0.value) }
            default: break
            }
            return index
        }
        _ = number(value)
        guard flat.count <= Int(UInt32.max) else { throw Failure(description: "too many objects for a binary property list") }
        let referenceSize = byteCount(for: UInt64(flat.count - 1))
        for (index, object) in flat.enumerated() {
            objects.append(try encode(object, children: children[index], referenceSize: referenceSize))
        }

        var bytes = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(bytes.count))
            bytes += object
        }
        let tableOffset = UInt64(bytes.count)
        let offsetSize = byteCount(for: offsets.last ?? 0)
        for offset in offsets { bytes += bigEndian(offset, size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(UInt64(flat.count), size: 8) + bigEndian(0, size: 8) + bigEndian(tableOffset, size: 8)
        return bytes
    }

    private static func encode(_ value: PlistValue, children: [Int], referenceSize: Int) throws(Failure) -> [UInt8] {
        switch value {
        case .bool(let flag): return [flag ? 0x09 : 0x08]
        case .integer(.signed(let number)): return integer(number)
        case .integer(.unsigned(let number)):
            // Above Int64.max: CoreFoundation writes 16 bytes, the high eight zero.
            return [0x14] + [UInt8](repeating: 0, count: 8) + bigEndian(number, size: 8)
        case .real(let number): return [0x23] + bigEndian(number.bitPattern, size: 8)
        case .date(let date):
            let seconds = Double(date.secondsSince1970) - Double(secondsFrom1970To2001)
            return [0x33] + bigEndian(seconds.bitPattern, size: 8)
        case .data(let data): return marker(0x4, count: data.count) + data
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) { return marker(0x5, count: text.utf8.count) + Array(text.utf8) }
            let units = Array(text.utf16)
            return marker(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .array:
            return marker(0xA, count: children.count) + children.flatMap { bigEndian(UInt64($0), size: referenceSize) }
        case .dictionary:
            // Keys' references, then values' references, as `number` laid them out.
            return marker(0xD, count: children.count / 2)
                + children.flatMap { bigEndian(UInt64($0), size: referenceSize) }
        }
    }

    /// An integer object in the fewest bytes readers take: 1, 2 or 4 bytes for small non-negative values (read as
    /// unsigned), 8 for the rest (read as signed).
    private static func integer(_ number: Int64) -> [UInt8] {
        guard number >= 0 else { return [0x13] + bigEndian(UInt64(bitPattern: number), size: 8) }
        let size = byteCount(for: UInt64(number))
        let power: UInt8 = switch size { case 1: 0; case 2: 1; case 4: 2; default: 3 }
        return [0x10 | power] + bigEndian(UInt64(number), size: size)
    }

    /// A marker with its count: in the low nibble when under 15, else 15 and an integer object after it.
    private static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [type << 4 | UInt8(count)] : [type << 4 | 0x0F] + integer(Int64(count))
    }

    /// How many bytes (1, 2, 4 or 8) hold `value`.
    private static func byteCount(for value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    private static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
