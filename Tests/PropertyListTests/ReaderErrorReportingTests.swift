import LessonpackDiagnostics
import Testing
@testable import PropertyList

/// One mistake in the XML is one diagnostic, at the place an author would fix, in any line-ending convention.
@Suite struct ReaderErrorReporting {
    @Test func anUnclosedStringIsOneErrorNotACascade() throws {
        let document = read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>title</key>
            \t<string>Introducing yourself
            \t<key>version</key>
            \t<string>1.0.0</string>
            \t<key>level</key>
            \t<string>A2</string>
            \t<key>speakers</key>
            \t<array>
            \t\t<string>manager</string>
            \t</array>
            </dict>
            </plist>
            """)
        #expect(summary(document) == ["xml-syntax@5:2"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.message == "<string> opened at 5:2 is never closed")
        #expect(diagnostic.notes.map(\.message) == ["found </dict> here, while <string> was still open"])
        #expect(diagnostic.notes.first?.location?.line == 14)
        #expect(document.root == nil)
    }

    @Test func anElementInsideAStringThatIsClosedIsStillReported() {
        #expect(summary(read("<plist><string>a<b/>c</string></plist>")) == ["misplaced-element@1:17"])
    }

    @Test func aFileCutShortSaysSoOnce() throws {
        let document = read("<plist>\n<dict>\n\t<key>title</key>\n\t<string>Intro")
        #expect(summary(document) == ["xml-syntax@4:15"])
        #expect(document.diagnostics.first?.message == "the file ends before <string> opened at 4:2 is closed")
        #expect(document.diagnostics.first?.notes.first?.location?.line == 4)
    }

    @Test func oldMacLineEndsGiveRealLines() {
        let text = "<plist>\r<dict>\r\t<key>a</key>\r\t<true/>\r\t<key>a</key>\r\t<false/>\r</dict>\r</plist>\r"
        #expect(summary(read(text)) == ["duplicate-key@5:2"])
    }

    @Test func anHTMLEntityIsReportedAtItsAmpersand() throws {
        let document = read("<plist><string>caf&eacute;</string></plist>")
        #expect(summary(document) == ["entity-not-allowed@1:19"])
        #expect(document.diagnostics.first?.message.contains("'&#233;'") == true)
    }
}
