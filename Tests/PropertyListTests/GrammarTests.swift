import LessonpackDiagnostics
import Testing
@testable import PropertyList

/// Reads `body` as a tree, and checks on the way that reading it for its diagnostics alone, as `plist lint` does,
/// says exactly the same: so every document these tests write is read both ways.
func read(_ body: String) -> PlistDocument {
    let document = PlistReader.read(Array(body.utf8), file: "t.plist")
    expectTheSameWithoutValues(Array(body.utf8), as: document)
    return document
}

func expectTheSameWithoutValues(_ bytes: [UInt8], as document: PlistDocument,
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let linted = PlistReader.read(bytes, file: document.file, keepingValues: false)
    #expect(linted.diagnostics == document.diagnostics, sourceLocation: sourceLocation)
    #expect(linted.root == nil, "no tree is built", sourceLocation: sourceLocation)
}

/// `code@line:col` for each diagnostic, in order: compact enough to state a whole document's problems in one line.
func summary(_ document: PlistDocument) -> [String] {
    document.diagnostics.sortedForDisplay().map { "\($0.code)@\($0.location.line ?? 0):\($0.location.column ?? 0)" }
}

@Suite struct MalformedPlists {
    @Test(arguments: [
        ("<plist>\n<dict>\n<key>a</key\n<string>x</string>\n</dict>\n</plist>", ["xml-syntax@3:12"]),
        ("<plist><dict><key>a</key><strng>x</strng></dict></plist>", ["unknown-element@1:26"]),
        ("<plist><dict><key>a</key></dict></plist>", ["key-without-value@1:14"]),
        ("<plist><dict><key>a</key>\n<key>b</key><true/></dict></plist>", ["consecutive-keys@2:1"]),
        ("<plist><dict><string>x</string></dict></plist>", ["value-without-key@1:14"]),
        ("<plist><dict><key>a</key><true/><key>a</key><false/></dict></plist>", ["duplicate-key@1:33"]),
        ("<plist><integer>12x</integer></plist>", ["invalid-integer@1:19"]),
        ("<plist><integer></integer></plist>", ["invalid-integer@1:8"]),
        ("<plist><integer>18446744073709551616</integer></plist>", ["integer-out-of-range@1:17"]),
        ("<plist><integer>-9223372036854775809</integer></plist>", ["integer-out-of-range@1:17"]),
        ("<plist><real>1.2.3</real></plist>", ["invalid-real@1:14"]),
        ("<plist><real>0x1p3</real></plist>", ["invalid-real@1:14"]),
        ("<plist><date>2024-02-30T00:00:00Z</date></plist>", ["invalid-date@1:14"]),
        ("<plist><date>2024-01-01 10:00:00</date></plist>", ["invalid-date@1:14"]),
        ("<plist><data>AAAA=AAA</data></plist>", ["invalid-data@1:19"]),
        ("<plist><data>A</data></plist>", ["invalid-data@1:14"]),
        ("<plist><data>AAé=</data></plist>", ["invalid-data@1:16"]),
        ("<plist><true>yes</true></plist>", ["invalid-bool@1:14"]),
        ("<html><body/></html>", ["wrong-root@1:1"]),
        ("<plist></plist>", ["empty-plist@1:1"]),
        ("<plist><true/><false/></plist>", ["extra-value@1:15"]),
        ("<plist><array><key>k</key></array></plist>", ["misplaced-element@1:15"]),
        ("<plist><string>a<b/>c</string></plist>", ["misplaced-element@1:17"]),
        ("<plist><dict>text<key>a</key><true/></dict></plist>", ["unexpected-text@1:14"]),
        ("<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><string>&x;</string></plist>", ["dtd-not-allowed@1:17"]),
        ("<plist><string>&nbsp;</string></plist>", ["entity-not-allowed@1:16"]),
    ])
    func reportsTheRightProblemAtTheRightPlace(document: String, expected: [String]) {
        let result = read(document)
        #expect(summary(result) == expected)
        #expect(result.hasErrors)
    }

    @Test func reportsEveryProblemInOnePass() {
        let document = read("""
            <plist>
            <dict>
            \t<key>a</key>
            \t<integer>x</integer>
            \t<key>b</key>
            \t<real>y</real>
            \t<key>a</key>
            \t<date>z</date>
            \t<key>c</key>
            </dict>
            </plist>
            """)
        #expect(summary(document) == ["invalid-integer@4:11", "invalid-real@6:8", "duplicate-key@7:2",
                                      "invalid-date@8:8", "key-without-value@9:2"])
        let duplicate = document.diagnostics.first { $0.code == .duplicateKey }
        #expect(duplicate?.notes.first?.location?.line == 3)
    }

    @Test func aMisspeltKeyElementDoesNotCascade() {
        // <kye> stands in for a key, so the value after it is not also "a value without a key".
        #expect(summary(read("<plist><dict><kye>a</kye><true/></dict></plist>")) == ["unknown-element@1:14"])
    }

    @Test func unknownElementsSuggestTheLikelyOne() {
        let message = read("<plist><dict><key>a</key><strng>x</strng></dict></plist>").diagnostics.first?.message
        #expect(message == "unknown element <strng>; did you mean 'string'?")
    }

    @Test func junkInBase64IsSkippedWithAWarningAsApplesReaderDoes() throws {
        let document = read("<plist><data>${QUJD}</data></plist>")
        #expect(!document.hasErrors)
        #expect(summary(document) == ["invalid-data@1:14"])
        #expect(document.root?.value == .data(Array("ABC".utf8)))
    }
}

@Suite struct ValidPlists {
    @Test func integersCoverBothEnds() {
        let document = read("""
            <plist><array><integer>-9223372036854775808</integer><integer>18446744073709551615</integer>
            <integer> +0x1F </integer><integer>-0</integer><integer>007</integer></array></plist>
            """)
        #expect(document.diagnostics.isEmpty)
        #expect(document.root?.value == .array([
            .integer(.signed(.min)), .integer(.unsigned(.max)), .integer(.signed(31)), .integer(.signed(0)),
            .integer(.signed(7)),
        ]))
    }

    @Test func realsInEveryAcceptedSpelling() {
        let document = read("<plist><array><real>1</real><real>-2.5e3</real><real>.5</real><real>NaN</real>" +
                            "<real>-infinity</real><real>+inf</real></array></plist>")
        #expect(document.diagnostics.isEmpty)
        guard case .array(let items)? = document.root?.value else { Issue.record("not an array"); return }
        #expect(items[0] == .real(1) && items[1] == .real(-2500) && items[2] == .real(0.5))
        if case .real(let nan) = items[3] { #expect(nan.isNaN) }
        #expect(items[4] == .real(-.infinity) && items[5] == .real(.infinity))
    }

    @Test func datesConvertAcrossCenturies() {
        for text in ["1869-01-03T08:16:32Z", "2000-02-29T23:59:59Z", "2199-08-20T01:10:11Z", "1970-01-01T00:00:00Z"] {
            guard case .date(let date)? = read("<plist><date>\(text)</date></plist>").root?.value else {
                Issue.record("\(text) did not read as a date")
                continue
            }
            #expect(date.description == text)
        }
    }

    @Test func noPrologAndABareRootValue() {
        #expect(read("<dict><key>a</key><string>b</string></dict>").root?.value == .dictionary([PlistEntry("a", .string("b"))]))
    }

    @Test func stringsKeepWhitespaceCDATAAndCharacterReferences() {
        let document = read("<plist><string>  a&#x20AC;<![CDATA[<b>&]]>\n</string></plist>")
        #expect(document.root?.value == .string("  a€<b>&\n"))
    }

    @Test func keysAndValuesKnowWhereTheyAre() throws {
        let document = read("<plist>\n<dict>\n\t<key>title</key>\n\t<string>Hi</string>\n</dict>\n</plist>")
        let dictionary = try #require(document.root?.dictionary)
        let entry = try #require(dictionary.entry("title"))
        #expect(entry.keyLocation.description == "t.plist:3:2")
        #expect(entry.value.location.description == "t.plist:4:2")
    }
}

@Suite struct Writers {
    @Test func jsonEscapesWhatJSONRequires() throws {
        let json = try PlistJSONWriter.json(.dictionary([PlistEntry("k\"\\", .string("a\nb\u{01}é"))]), indent: 0)
        #expect(json == "{\"k\\\"\\\\\":\"a\\nb\\u0001é\"}\n")
    }

    @Test func jsonRefusesNonFiniteReals() {
        #expect(throws: PlistJSONWriter.Failure.self) { try PlistJSONWriter.json(.real(.nan)) }
    }

    @Test func jsonWritesDatesAndDataAsTheMappingSays() throws {
        let value = PlistValue.array([.date(PlistDate(secondsSince1970: 0)), .data([0, 1, 2, 250]), .bool(true)])
        #expect(try PlistJSONWriter.json(value, indent: 0) == "[\"1970-01-01T00:00:00Z\",\"AAEC+g==\",true]\n")
    }

    @Test func xmlEscapesMarkupAndKeepsCarriageReturns() throws {
        let value = PlistValue.string("a<b>&c\r\n")
        let xml = try PlistXMLWriter.xml(value)
        #expect(xml.contains("<string>a&lt;b&gt;&amp;c&#13;\n</string>"))
        #expect(read(xml).root?.value == value)
    }

    @Test func xmlRefusesControlCharacters() {
        #expect(throws: PlistXMLWriter.Failure.self) { try PlistXMLWriter.xml(.string("\u{07}")) }
    }
}
