import LessonpackDiagnostics
import Testing
@testable import XMLStream

/// CR (old Mac), LF and CRLF each end a line, as they do for every editor; libxml2 itself only counts LF.
@Suite struct LineEnds {
    @Test func oldMacLineEndsCountAsLineBreaks() {
        let (events, problems) = parse("<a>\r<b>x</b>\r\t<c/>\r</a>\r")
        #expect(problems.isEmpty)
        #expect(events == [
            "<a> 1:1 content 1:4",
            "<b> 2:1 content 2:4",
            "text \"x\" 2:4",
            "</b> 2:5",
            "<c> 3:2 content 3:5",
            "</c> 3:2",
            "</a> 4:1",
        ])
    }

    @Test func mixedLineEndsEachCountOnce() {
        let (events, problems) = parse("<a>\r\n<b/>\r<c/>\n<d/>\r\r<e/>\n\r\n<f/></a>")
        #expect(problems.isEmpty)
        #expect(events.contains("<b> 2:1 content 2:4"))
        #expect(events.contains("<c> 3:1 content 3:4"))
        #expect(events.contains("<d> 4:1 content 4:4"))
        #expect(events.contains("<e> 6:1 content 6:4"))
        #expect(events.contains("<f> 8:1 content 8:4"))
        #expect(events.contains("</a> 8:5"))
    }

    @Test func errorsInOldMacFilesAreOnTheirLine() {
        let text = "<plist>\r<dict>\r\t<key>a</key>\r\t<string>x</strin>\r</dict>\r</plist>\r"
        let (_, problems) = parse(text)
        #expect(problems.count == 1)
        #expect(problems.first?.position == SourcePosition(line: 4, column: 11))
    }

    @Test func aMissingGreaterThanInAnOldMacFile() {
        let (_, problems) = parse("<plist>\r<dict>\r<key>title</key\r<string>Hello</string>\r</dict>\r</plist>\r")
        #expect(problems.first?.message == "expected '>' to close the tag")
        #expect(problems.first?.position == SourcePosition(line: 3, column: 16))
    }

    @Test func columnsAfterALoneCarriageReturnCountCharactersNotBytes() {
        let (events, _) = parse("<a>\ré<b/>\r\n<c/></a>")
        #expect(events.contains("<b> 2:2 content 2:5"))
        #expect(events.contains("<c> 3:1 content 3:4"))
    }

    @Test func utf16WithOldMacLineEnds() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\r<a>\r\t<b>é</b>\r</a>\r"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let (events, problems) = parse(bytes)
        #expect(problems.isEmpty)
        #expect(events.contains("<b> 3:2 content 3:5"))
        #expect(events.contains("</a> 4:1"))
    }

    @Test func latin1WithOldMacLineEnds() {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\r<a>\r".utf8)
        bytes += [0xE9, 0xE9]
        bytes += Array("<b/></c>\r</a>".utf8)
        let (events, problems) = parse(bytes)
        #expect(events.contains("<b> 3:3 content 3:6"))
        #expect(problems.first?.position?.line == 3)
    }
}
