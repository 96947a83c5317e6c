import LessonpackDiagnostics
import Testing
@testable import XMLStream

/// A file that is not UTF-8 is told which encoding to declare: Windows-1252 when it has bytes 0x80–0x9F (curly
/// quotes and dashes there, invisible control characters in ISO-8859-1), ISO-8859-1 only when it has none.
@Suite struct EncodingAdvice {
    static func utf8Declared(_ body: [UInt8]) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist><string>".utf8) + body
            + Array("</string></plist>".utf8)
    }

    @Test func curlyQuotesSuggestWindows1252() throws {
        let (_, problems) = parse(Self.utf8Declared(Array("He said ".utf8) + [0x93] + Array("hi".utf8) + [0x94]))
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.position == SourcePosition(line: 2, column: 24))
        #expect(problem.message.contains("not valid UTF-8"))
        #expect(problem.message.contains("encoding=\"windows-1252\""))
        #expect(problem.message.contains("0x93"))
        #expect(problem.message.contains("“"))
        #expect(!problem.message.contains("ISO-8859-1"))
    }

    @Test func aDashAfterAnAccentStillSuggestsWindows1252() throws {
        // The first bad byte (é) would be fine in Latin-1; a later en dash (0x96) would not.
        let (_, problems) = parse(Self.utf8Declared([0x63, 0x61, 0x66, 0xE9, 0x20, 0x96, 0x20, 0x74, 0x68, 0xE9]))
        let problem = try #require(problems.first)
        #expect(problem.message.contains("encoding=\"windows-1252\""))
    }

    @Test func accentsAloneSuggestLatin1() throws {
        let (_, problems) = parse(Self.utf8Declared([0x63, 0x61, 0x66, 0xE9]))
        let problem = try #require(problems.first)
        #expect(problem.message.contains("encoding=\"ISO-8859-1\""))
        #expect(!problem.message.contains("windows-1252"))
    }

    @Test func validUTF8ContinuationBytesInTheC1RangeDoNotCount() throws {
        // "–" in UTF-8 is E2 80 93: its 0x80 and 0x93 are part of a valid character, not Windows-1252 bytes.
        let (_, problems) = parse(Self.utf8Declared(Array("a – b ".utf8) + [0xE9]))
        let problem = try #require(problems.first)
        #expect(problem.message.contains("encoding=\"ISO-8859-1\""))
    }

    @Test func windows1252IsAcceptedAsAnEncodingName() {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>".utf8)
        bytes += [0x93, 0x68, 0x69, 0x94, 0x20, 0x96, 0x20, 0x97, 0x20, 0x85, 0x20, 0x91, 0x92, 0x80]
        bytes += Array("</a>".utf8)
        let (events, problems) = parse(bytes)
        #expect(problems.isEmpty)
        #expect(events.contains { $0.hasPrefix("text \"“hi” – — … ‘’€\"") })
    }

    @Test func bytesInvalidInTheNamedEncodingAreNamed() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"US-ASCII\"?><a>".utf8)
        bytes += [0x93, 0x68, 0x69, 0x94] + Array("</a>".utf8)
        let problem = try #require(parse(bytes).problems.first)
        #expect(problem.message.contains("not valid in its encoding"))
        #expect(problem.position == SourcePosition(line: 1, column: 45))
        #expect(problem.message.contains("encoding=\"windows-1252\""))
    }
}
