import LessonpackDiagnostics
import Testing
@testable import XMLStream

/// An element left open is one mistake: it is reported once, where it was opened, not as the string of mismatches
/// libxml2 meets further down.
@Suite struct UnclosedElements {
    static let unclosedString = """
        <plist>
        <dict>
        \t<key>a</key>
        \t<string>Hello
        \t<key>b</key>
        \t<string>x</string>
        </dict>
        </plist>

        """

    @Test func anUnclosedStringIsOneErrorAtItsOpeningTag() throws {
        let (_, problems) = parse(Self.unclosedString)
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.message == "<string> opened at 4:2 is never closed")
        #expect(problem.position == SourcePosition(line: 4, column: 2))
        #expect(problem.notes == [.init("found </dict> here, while <string> was still open",
                                        at: SourcePosition(line: 7, column: 1))])
    }

    @Test func aMisspeltClosingTagIsAMismatchAtTheClosingTag() throws {
        let (_, problems) = parse("<a>\n<b>x</c>\n</a>")
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.message == "closing tag '</c>' does not match the open '<b>'")
        #expect(problem.position == SourcePosition(line: 2, column: 5))
        #expect(problem.notes == [.init("<b> is opened here", at: SourcePosition(line: 2, column: 1))])
    }

    @Test(arguments: [
        // Cut after a complete element, inside an end tag, inside a start tag, inside an entity, inside text.
        ("<plist>\n<dict>\n<key>a</key>\n", "the file ends before <dict> opened at 2:1 is closed", 4, 1),
        ("<plist>\n<dict>\n<key>a</ke", "the file ends before <key> opened at 3:1 is closed", 3, 11),
        // libxml2 opens an element once it has its name, before its `>`.
        ("<plist>\n<dict>\n<key>a</key>\n<str", "the file ends before <str> opened at 4:1 is closed", 4, 5),
        ("<plist>\n<dict>\n<key>a</key>\n<string x=\"1", "the file ends before <dict> opened at 2:1 is closed", 4, 13),
        ("<plist>\n<dict>\n<key>a</key>\n<string>a &am", "the file ends before <string> opened at 4:1 is closed", 4, 14),
        ("<plist>\n<dict>\n<key>a</key>\n<string>Hello", "the file ends before <string> opened at 4:1 is closed", 4, 14),
        ("<plist>\n<dict>\n<key>a</key>\n<string>a</", "the file ends before <string> opened at 4:1 is closed", 4, 12),
    ])
    func aFileCutShortSaysItEndsEarly(text: String, message: String, line: Int, column: Int) throws {
        let (_, problems) = parse(text)
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.message == message)
        #expect(problem.position == SourcePosition(line: line, column: column))
        #expect(problem.notes.count == 1)
    }

    @Test func anUnclosedCommentIsReportedWhereItStarts() throws {
        let (_, problems) = parse("<plist>\n  <!-- about the title\n<true/>\n</plist>\n")
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.message == "the comment opened at 2:3 is never closed: end it with '-->'")
        #expect(problem.position == SourcePosition(line: 2, column: 3))
    }

    @Test func anUnclosedCDATASectionIsReportedWhereItStarts() throws {
        let (_, problems) = parse("<plist><string><![CDATA[a < b</string></plist>")
        #expect(problems.count == 1)
        #expect(problems.first?.message == "the CDATA section opened at 1:16 is never closed: end it with ']]>'")
        #expect(problems.first?.position == SourcePosition(line: 1, column: 16))
    }
}
