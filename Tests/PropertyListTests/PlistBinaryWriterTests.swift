import Foundation
import Testing
@testable import PropertyList

/// Our binary writer's output, read back by Foundation's decoder (through `BinaryPropertyList`): every kind of value,
/// every size of count and reference, the same bytes every time.
@Suite struct PlistBinaryWriterTests {
    /// Every kind, with counts past 15 (a size object after the marker) and past 255 objects (two-byte references).
    static let everything: PlistValue = .dictionary([
        PlistEntry("zebra", .string("plain ASCII")),
        PlistEntry("apple", .string("é ✓ 𝄞, with a character outside the BMP")),
        PlistEntry("integers", .array([0, 1, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, -1,
                                       Int64.min, Int64.max].map { .integer(.signed($0)) } + [.integer(.unsigned(UInt64.max))])),
        PlistEntry("reals", .array([.real(0.5), .real(-1e300), .real(0)])),
        PlistEntry("flags", .array([.bool(true), .bool(false)])),
        PlistEntry("dates", .array([.date(PlistDate(secondsSince1970: 1_714_555_800)), .date(PlistDate(secondsSince1970: -86_400))])),
        PlistEntry("data", .array([.data([]), .data(Array(0...40))])),
        PlistEntry("long string", .string(String(repeating: "x", count: 300))),
        PlistEntry("many", .array((0..<300).map { .string("item \($0)") })),
        PlistEntry("nested", .dictionary([PlistEntry("empty", .dictionary([])), PlistEntry("list", .array([]))])),
    ])

    /// What our reader gives back for a value: binary dictionaries come back with their keys sorted.
    static func sorted(_ value: PlistValue) -> PlistValue {
        switch value {
        case .array(let items): .array(items.map(sorted))
        case .dictionary(let entries):
            .dictionary(entries.map { PlistEntry($0.key, sorted($0.value)) }
                .sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) })
        default: value
        }
    }

    @Test func foundationReadsBackEveryKindAndSize() throws {
        let bytes = try PlistBinaryWriter.bplist(Self.everything)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        let document = BinaryPropertyList.read(bytes, file: "b.plist")
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        #expect(document.root?.value == Self.sorted(Self.everything))
    }

    @Test func aValueAlwaysGivesTheSameBytesInItsOwnOrder() throws {
        let once = try PlistBinaryWriter.bplist(Self.everything)
        #expect(try PlistBinaryWriter.bplist(Self.everything) == once)
        // The keys are written in the document's order: "zebra" before "apple".
        let text = String(decoding: once, as: UTF8.self)
        let zebra = try #require(text.range(of: "zebra")), apple = try #require(text.range(of: "apple"))
        #expect(zebra.lowerBound < apple.lowerBound)
        // A lone value is a whole property list too.
        let string = try PlistBinaryWriter.bplist(.string("hi"))
        #expect(BinaryPropertyList.read(string, file: "s.plist").root?.value == .string("hi"))
    }
}
