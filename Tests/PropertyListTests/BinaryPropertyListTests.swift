import Foundation
import LessonpackDiagnostics
import LessonpackSystem
import Testing
@testable import PropertyList

/// Binary property lists made by Foundation's own writer, as Xcode and plutil make them, read back into our values.
@Suite struct BinaryPropertyListTests {
    func binary(_ object: Any) throws -> [UInt8] {
        [UInt8](try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
    }

    func readBinary(_ bytes: [UInt8], limits: PlistReader.Limits = PlistReader.Limits()) -> PlistDocument {
        BinaryPropertyList.read(bytes, file: "b.plist", limits: limits)
    }

    func messages(_ document: PlistDocument) -> [String] {
        document.diagnostics.map { "\($0.message) [\($0.code)]" }
    }

    @Test func booleansIntegersAndRealsKeepTheirKinds() throws {
        // On Linux an NSNumber 0 or 1 also casts to Bool, and 1.0 to Int: each must come back as what it was.
        let document = readBinary(try binary([true, false, 0, 1, 1.0, 0.0, -1, Int64.min, UInt64.max, 0.5]))
        #expect(document.diagnostics.isEmpty)
        #expect(document.root?.value == .array([
            .bool(true), .bool(false), .integer(PlistInteger(0)), .integer(PlistInteger(1)), .real(1.0), .real(0.0),
            .integer(PlistInteger(-1)), .integer(.signed(Int64.min)), .integer(.unsigned(UInt64.max)), .real(0.5),
        ]))
    }

    @Test func stringsDatesAndDataSurvive() throws {
        let document = readBinary(try binary([
            "é ✓ 𝄞", Data([0, 1, 255]), Data(),
            Date(timeIntervalSince1970: 1_714_555_800),        // 2024-05-01T09:30:00Z
            Date(timeIntervalSince1970: 1_714_555_800.9),      // fractions are dropped, as plutil drops them
            Date(timeIntervalSince1970: -0.5),                 // … towards the past
        ]))
        #expect(document.diagnostics.isEmpty)
        #expect(document.root?.value == .array([
            .string("é ✓ 𝄞"), .data([0, 1, 255]), .data([]),
            .date(PlistDate(secondsSince1970: 1_714_555_800)), .date(PlistDate(secondsSince1970: 1_714_555_800)),
            .date(PlistDate(secondsSince1970: -1)),
        ]))
    }

    @Test func dictionaryKeysAreSortedAsPlutilWritesThem() throws {
        let document = readBinary(try binary(["b": 1, "a": ["z": true, "y": false], "B": "x", "é": 2]))
        let value = try #require(document.root?.value)
        #expect(value.entries?.map(\.key) == ["B", "a", "b", "é"])
        #expect(value["a"]?.entries?.map(\.key) == ["y", "z"])
    }

    @Test func theSameContentReadsTheSameFromXMLAndFromBinary() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>count</key><integer>3</integer>
            \t<key>lines</key>
            \t<array>
            \t\t<dict><key>end</key><real>2.5</real><key>id</key><string>l01</string><key>ok</key><true/></dict>
            \t\t<dict><key>end</key><real>4</real><key>id</key><string>l02 &amp; more</string><key>ok</key><false/></dict>
            \t</array>
            \t<key>made</key><date>1969-07-20T20:17:40Z</date>
            \t<key>seed</key><data>AAEC/w==</data>
            </dict>
            </plist>
            """
        let fromXML = try #require(PlistReader.read(Array(xml.utf8), file: "x.plist").root?.value)
        // Foundation reads the XML and writes it as binary, as `plutil -convert binary1` would.
        let object = try PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: nil)
        let document = readBinary(try binary(object))
        #expect(document.diagnostics.isEmpty)
        #expect(document.root?.value == fromXML)
        // And our canonical XML of it reads back as the same value.
        let written = try PlistXMLWriter.xml(try #require(document.root?.value))
        #expect(PlistReader.read(Array(written.utf8), file: "w.plist").root?.value == fromXML)
    }

    @Test func aTruncatedOrDamagedFileGetsOurWordsNotFoundations() throws {
        let good = try binary(["title": "Job interview", "lines": [1, 2, 3]])
        var flipped = good
        flipped[flipped.count - 24] ^= 0xFF   // the object count's high byte, in the trailer
        var badOffset = good
        let table = Int(good[good.count - 1])   // offset table position (small file: fits in the last byte)
        badOffset[table] = 0xFF
        for damaged in [Array(good.prefix(good.count - 5)), Array(good.prefix(12)), Array("bplist00".utf8),
                        flipped, badOffset] {
            let document = readBinary(damaged)
            #expect(document.root == nil)
            #expect(messages(document) == ["binary property list: cannot be read (damaged or truncated) [binary-plist]"])
        }
    }

    @Test func aFileFoundationRefusesOnlyAfterTheShapeCheckStillGetsOurWords() throws {
        // The structure is sound, but the string's declared length runs past the end of the objects.
        var bytes = try binary(["a"])
        let string = try #require(bytes.firstIndex(of: 0x51))   // ASCII string, length 1
        bytes[string] = 0x69   // now "UTF-16, 9 characters"
        let document = readBinary(bytes)
        #expect(document.root == nil)
        #expect(!messages(document).joined().contains("NSCocoaErrorDomain"))
        #expect(!messages(document).joined().contains("operation could not be completed"))
        #expect(messages(document).first?.hasPrefix("binary property list: ") == true)
    }

    func nested(_ levels: Int) -> Any {
        var value: Any = [Any]()
        for _ in 1..<levels { value = [value] }
        return value
    }

    @Test func nestingIsBoundedAsForXML() throws {
        // 127 arrays: the innermost is the 128th element counting <plist>, the deepest the XML reader takes.
        #expect(readBinary(try binary(nested(127))).diagnostics.isEmpty)
        let tooDeep = readBinary(try binary(nested(128)))
        #expect(tooDeep.root == nil)
        #expect(messages(tooDeep) == ["binary property list: values are nested more than 128 deep " +
                                      "(counted as the XML elements they would be) [nesting-too-deep]"])
        // The XML of the same values gets the same verdict.
        let xml = try PlistXMLWriter.xml(try #require(readBinary(try binary(nested(127))).root?.value))
        #expect(!PlistReader.read(Array(xml.utf8), file: "x.plist").hasErrors)
        let deeper = "<plist>" + String(repeating: "<array>", count: 128) + String(repeating: "</array>", count: 128) + "</plist>"
        #expect(PlistReader.read(Array(deeper.utf8), file: "x.plist").diagnostics.map(\.code) == [.nestingTooDeep])
        // Far deeper than Foundation itself would go (512): refused before Foundation is asked.
        #expect(messages(readBinary(Self.sharedArrays(levels: 3000, references: 1))).first?.contains("nested more than 128") == true)
    }

    /// A hand-made binary property list of `levels` arrays, each holding `references` references to the next:
    /// a few hundred bytes that name `references ^ levels` values. Foundation's writer never shares containers.
    static func sharedArrays(levels: Int, references: Int) -> [UInt8] {
        let referenceSize = levels < 256 ? 1 : 2
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {
            offsets.append(bytes.count)
            if level == levels - 1 {
                bytes += [0x51, UInt8(ascii: "x")]
            } else {
                bytes.append(0xA0 | UInt8(references))
                for _ in 0..<references {
                    bytes += referenceSize == 1 ? [UInt8(level + 1)] : [UInt8((level + 1) >> 8), UInt8((level + 1) & 0xFF)]
                }
            }
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 16), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 3, UInt8(referenceSize)]
        for field in [levels, 0, table] { bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> ($0 * 8)) } }
        return bytes
    }

    @Test func sharedObjectsCannotMultiplyPastTheSizeLimit() throws {
        // Sharing that stays small is read, each reference as its own copy.
        let small = readBinary(Self.sharedArrays(levels: 4, references: 2))
        #expect(small.diagnostics.isEmpty)
        #expect(small.root?.value == .array([.array([.array([.string("x"), .string("x")]),
                                                     .array([.string("x"), .string("x")])]),
                                             .array([.array([.string("x"), .string("x")]),
                                                     .array([.string("x"), .string("x")])])]))
        // 2^40 copies from a few hundred bytes: refused at once, not after Foundation has made them.
        let start = ContinuousClock.now
        let bomb = readBinary(Self.sharedArrays(levels: 41, references: 2))
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(bomb.root == nil)
        #expect(messages(bomb) == ["binary property list: its values, with shared ones repeated where they are " +
                                   "used, come to more than 33554432 bytes, the limit for a property list [binary-plist]"])
    }

    @Test func anArrayInsideItselfIsRefused() throws {
        var bytes = Self.sharedArrays(levels: 2, references: 1)
        bytes[9] = 0   // the outer array's one reference now points at itself
        #expect(messages(readBinary(bytes)) == ["binary property list: cannot be read (damaged or truncated) [binary-plist]"])
    }

    @Test func otherVersionsAndOversizedFilesAreNamed() throws {
        var bytes = try binary(["a"])
        bytes.replaceSubrange(6..<8, with: Array("15".utf8))
        #expect(messages(readBinary(bytes)) == ["binary property list: version '15' cannot be read; only version '00' " +
                                                "(what Xcode and plutil write) can [binary-plist]"])
        let large = try binary([String(repeating: "a", count: 200)])
        #expect(readBinary(large, limits: PlistReader.Limits(maxBytes: 100)).diagnostics.map(\.code) == [.fileTooLarge])
    }

    @Test func datesXMLCannotWriteAreRefusedWithTheirPlace() throws {
        let document = readBinary(try binary(["made": [Date(timeIntervalSince1970: 1e12)]]))
        #expect(messages(document) == ["binary property list: at made[0]: a date outside the years 0000 to 9999, " +
                                       "which XML cannot write [binary-plist]"])
    }

    // MARK: - Where only XML is read (module sources, fmt)

    @Test func theXMLReaderNamesABinaryFileAndHowToConvertIt() throws {
        let bytes = try binary(["lines": [String]()])
        let document = PlistReader.read(bytes, file: "job-interview/transcript.plist")
        #expect(document.root == nil)
        #expect(messages(document) == ["binary property list: convert it with 'lessonpack plist convert --to xml " +
                                       "job-interview/transcript.plist -o job-interview/transcript.plist' [binary-plist]"])
        let spaced = PlistReader.read(bytes, file: "My \"best\" module/transcript.plist")
        #expect(spaced.diagnostics.first?.message == "binary property list: convert it with 'lessonpack plist convert " +
                "--to xml \"My \\\"best\\\" module/transcript.plist\" -o \"My \\\"best\\\" module/transcript.plist\"'")
        // Any version: a module source is refused before its version matters.
        #expect(PlistReader.read(Array("bplist15 whatever".utf8), file: "t.plist").diagnostics.map(\.code) == [.binaryPlist])
    }

    @Test func jsonIsNamedAsJSON() throws {
        for json in ["{\"title\": \"Job interview\", \"lines\": []}", "\u{FEFF}\n  [1, 2.5, null]"] {
            let document = PlistReader.read(Array(json.utf8), file: "t.plist")
            #expect(messages(document) == ["this is JSON, not an XML property list [json-not-plist]"])
        }
        // An OpenStep-style or broken file that only starts like JSON is still reported as not XML.
        let openStep = PlistReader.read(Array("{ title = \"Job\"; }".utf8), file: "t.plist")
        #expect(openStep.diagnostics.map(\.code) == [.xmlSyntax])
    }
}
