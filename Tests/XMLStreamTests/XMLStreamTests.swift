import LessonpackDiagnostics
import Testing
@testable import XMLStream

/// Records events as text, so a test reads like the document it parsed.
final class EventLog: XMLStreamDelegate {
    var events: [String] = []

    func xmlStream(_ stream: XMLStream, didStartElement name: String, attributes: [XMLAttribute],
                   at start: SourcePlace, contentStart: SourcePlace) {
        events.append("<\(name)> \(stream.position(of: start)) content \(stream.position(of: contentStart))")
    }

    func xmlStream(_ stream: XMLStream, didEndElement name: String, at end: SourcePlace) {
        events.append("</\(name)> \(stream.position(of: end))")
    }

    func xmlStream(_ stream: XMLStream, foundText piece: XMLText, at start: SourcePlace, isCDATA: Bool) {
        let text = piece.string
        guard !text.allSatisfy(\.isWhitespace) else { return }
        events.append("text \(text.debugDescription) \(stream.position(of: start))")
    }
}

func parse(_ text: String, limits: XMLLimits = XMLLimits()) -> (events: [String], problems: [XMLProblem]) {
    parse(Array(text.utf8), limits: limits)
}

func parse(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) -> (events: [String], problems: [XMLProblem]) {
    let log = EventLog()
    let problems = XMLStream.parse(bytes, delegate: log, limits: limits)
    return (log.events, problems)
}

@Suite struct Positions {
    @Test func tagsPointAtTheirLessThanSign() {
        let (events, problems) = parse("<a>\n\t<key>héllo wörld</key>  <b x=\"1\"\n  >t</b><c/>\n</a>")
        #expect(problems.isEmpty)
        #expect(events == [
            "<a> 1:1 content 1:4",
            "<key> 2:2 content 2:7",
            "text \"h\" 2:7",
            "text \"éllo wörld\" 2:8",
            "</key> 2:18",
            "<b> 2:26 content 3:4",
            "text \"t\" 3:4",
            "</b> 3:5",
            "<c> 3:9 content 3:12",
            "</c> 3:9",
            "</a> 4:1",
        ])
    }

    @Test func textAfterAnEntityReferenceKeepsItsColumn() {
        let (events, _) = parse("<s>a &amp; b</s>")
        #expect(events.contains("text \" b\" 1:11"))
    }

    @Test func windowsLineEndingsCountAsOneLineBreak() {
        let (events, problems) = parse("<a>\r\n<b>x</b>\r\n</a>\r\n")
        #expect(problems.isEmpty)
        #expect(events.contains("<b> 2:1 content 2:4"))
        #expect(events.contains("</a> 3:1"))
    }
}

@Suite struct Encodings {
    @Test func utf16WithByteOrderMark() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a>\n\t<b>é</b>\n</a>\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let (events, problems) = parse(bytes)
        #expect(problems.isEmpty)
        #expect(events.contains("<b> 3:2 content 3:5"))
        #expect(events.contains("text \"é\" 3:5"))
    }

    @Test func latin1Declared() {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>".utf8)
        bytes += [0xE9, 0x74, 0xE9]
        bytes += Array("</a>".utf8)
        let (events, problems) = parse(bytes)
        #expect(problems.isEmpty)
        #expect(events.contains { $0.hasPrefix("text \"été\"") })
    }

    @Test func invalidUTF8IsReportedWithAdvice() {
        let (_, problems) = parse([UInt8]("<a>".utf8) + [0xE9, 0x74] + [UInt8]("</a>".utf8))
        #expect(problems.first?.message.contains("not valid UTF-8") == true)
        #expect(problems.first?.position == SourcePosition(line: 1, column: 4))
    }
}

@Suite struct SyntaxErrors {
    @Test func aMissingGreaterThanPointsWhereItBelongs() {
        let (_, problems) = parse("<plist>\n<dict>\n\t<key>title</key\n\t<string>Hello</string>\n</dict>\n</plist>\n")
        #expect(problems.count == 1)
        #expect(problems.first?.message == "expected '>' to close the tag")
        #expect(problems.first?.position == SourcePosition(line: 3, column: 17))
    }

    @Test func mismatchedClosingTag() {
        let (_, problems) = parse("<a>\n<b>x</c>\n</a>")
        #expect(problems.first?.message == "closing tag '</c>' does not match the open '<b>'")
        #expect(problems.first?.position?.line == 2)
    }

    @Test func bareAmpersandAndLessThan() {
        #expect(parse("<a>x & y</a>").problems.first?.message == "a bare '&' in text: write '&amp;' for a literal '&'")
        #expect(parse("<a>x < y</a>").problems.first?.message.hasPrefix("a bare '<' in text") == true)
    }

    @Test func oneErrorPerBrokenDocument() {
        // libxml2 keeps talking after a fatal error; the echoes add nothing.
        let (_, problems) = parse("<a><b></c></d></a>")
        #expect(problems.count == 1)
    }

    @Test func emptyAndNonXMLInput() {
        #expect(parse("").problems.first?.message == "file is empty")
        #expect(parse("hello").problems.first?.message == "file is empty or not XML")
    }
}

@Suite struct HostileInput {
    @Test func internalSubsetIsRefusedBeforeAnyEntityIsDeclared() {
        let billionLaughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <lolz>&lol3;</lolz>
            """
        let (events, problems) = parse(billionLaughs)
        #expect(events.isEmpty)
        #expect(problems.map(\.kind) == [.internalSubset])
    }

    @Test func externalEntitiesAreNeverResolved() {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE plist SYSTEM "file:///etc/passwd">
            <plist><string>&xxe;</string></plist>
            """
        let (events, problems) = parse(xxe)
        #expect(problems.map(\.kind) == [.undefinedEntity])
        #expect(!events.contains { $0.contains("root:") })
    }

    @Test func theStandardPlistDoctypeIsFine() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><true/></plist>
            """
        #expect(parse(text).problems.isEmpty)
    }

    @Test func deepNestingStopsAtTheLimit() {
        let depth = 200_000
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let clock = ContinuousClock()
        var result: (events: [String], problems: [XMLProblem]) = ([], [])
        let elapsed = clock.measure { result = parse(text) }
        #expect(result.problems.map(\.kind) == [.tooDeep(limit: 128)])
        #expect(result.events.count == 128)
        // Ends at once: generous bound, only to catch a parser that walks the whole document.
        #expect(elapsed < .seconds(5))
    }

    @Test func oversizedInputIsRefusedUnread() {
        let (events, problems) = parse("<a>0123456789</a>", limits: XMLLimits(maxBytes: 10))
        #expect(events.isEmpty)
        #expect(problems.map(\.kind) == [.tooLarge(limit: 10)])
    }
}
