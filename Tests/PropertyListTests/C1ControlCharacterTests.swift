import LessonpackDiagnostics
import Testing
@testable import PropertyList

/// U+0080–U+009F are invisible control characters nobody types: in a lesson they are nearly always Windows-1252
/// curly quotes and dashes read as ISO-8859-1. They are warned about where they stand, naming the likely character.
@Suite struct C1ControlCharacters {
    static func latin1(_ body: [UInt8]) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<plist>\n<dict>\n\t<key>title</key>\n\t<string>".utf8)
            + body + Array("</string>\n</dict>\n</plist>\n".utf8)
    }

    @Test func curlyQuotesReadAsLatin1AreWarnedAbout() throws {
        let document = PlistReader.read(Self.latin1(Array("Say ".utf8) + [0x93] + Array("hi".utf8) + [0x94]),
                                        file: "t.plist")
        #expect(!document.hasErrors)
        #expect(summary(document) == ["c1-control-character@5:14"])
        let warning = try #require(document.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.message == "U+0093 is an invisible control character, probably “ from a Windows-1252 file " +
                "read as ISO-8859-1: write encoding=\"windows-1252\" in the XML declaration (and 1 more in this text)")
        #expect(document.root?.dictionary?.entry("title")?.value.value == .string("Say \u{93}hi\u{94}"))
    }

    @Test func aDashInAUTF8FileIsNamed() throws {
        let document = read("<plist><array><string>2010\u{96}2020</string></array></plist>")
        #expect(summary(document) == ["c1-control-character@1:27"])
        #expect(document.diagnostics.first?.message == "U+0096 is an invisible control character, probably – " +
                "from Windows-1252 text read as ISO-8859-1: write – instead")
    }

    @Test func aCharacterReferenceToAC1CharacterIsWarnedAbout() throws {
        let document = read("<plist><string>it&#146;s</string></plist>")
        #expect(summary(document) == ["c1-control-character@1:18"])
        #expect(document.diagnostics.first?.message.contains("probably ’") == true)
    }

    @Test func keysAreCheckedToo() {
        let document = read("<plist><dict><key>na\u{EF}\u{88}ve</key><true/><key>\u{85}</key><true/></dict></plist>")
        #expect(summary(document) == ["c1-control-character@1:22", "c1-control-character@1:43"])
    }

    @Test func aByteWindows1252LeavesUndefinedIsStillWarnedAbout() throws {
        let document = read("<plist><string>a\u{81}b</string></plist>")
        #expect(summary(document) == ["c1-control-character@1:17"])
        #expect(document.diagnostics.first?.message == "U+0081 is an invisible control character, probably from " +
                "Windows-1252 text read as ISO-8859-1: remove it or write the character meant")
    }

    @Test func utf8ReadAsLatin1IsToldToDeclareUTF8() throws {
        // "…" in UTF-8 is E2 80 A6: read as ISO-8859-1, "â", U+0080, "¦".
        let document = PlistReader.read(Self.latin1(Array("I'm ".utf8) + [0xE2, 0x80, 0xA6]), file: "t.plist")
        #expect(summary(document) == ["c1-control-character@5:15"])
        #expect(document.diagnostics.first?.message == "U+0080 is an invisible control character, part of … in " +
                "UTF-8: the file looks like UTF-8 read as ISO-8859-1; write encoding=\"UTF-8\" in the XML declaration")
    }

    @Test func ordinaryLatin1TextIsFine() {
        let latin1 = PlistReader.read(Self.latin1([0x63, 0x61, 0x66, 0xE9, 0xA0, 0xAB]), file: "t.plist")
        #expect(latin1.diagnostics.isEmpty)
        #expect(read("<plist><string>“quoted” – dash… ‘single’</string></plist>").diagnostics.isEmpty)
    }
}
