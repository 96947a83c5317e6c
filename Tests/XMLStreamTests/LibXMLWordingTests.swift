import Foundation
import LessonpackDiagnostics
import Testing
@testable import XMLStream

/// libxml2 writes for XML experts ("PCDATA invalid Char value 1"). Every message an author can meet is ours: each
/// input below breaks the XML one way, and none of libxml2's wording may come through.
@Suite struct LibXMLWording {
    static let inputs: [(String, [UInt8])] = [
        ("control character in text", Array("<a>x\u{01}y</a>".utf8)),
        ("NUL in text", Array("<a>x".utf8) + [0] + Array("y</a>".utf8)),
        ("control character in a CDATA section", Array("<a><![CDATA[\u{01}]]></a>".utf8)),
        ("control character in a comment", Array("<a><!-- \u{01} --></a>".utf8)),
        ("control character in an attribute", Array("<a b=\"\u{01}\"/>".utf8)),
        ("control character after the root", Array("<a>x</a>\u{01}".utf8)),
        ("U+FFFE", Array("<a>".utf8) + [0xEF, 0xBF, 0xBE] + Array("</a>".utf8)),
        ("encoded surrogate", Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8)),
        ("invalid element name", Array("<a><1b/></a>".utf8)),
        ("bare less-than", Array("<a>x < y</a>".utf8)),
        ("broken markup declaration", Array("<a><!x></a>".utf8)),
        ("tag mismatch", Array("<a><b></c></a>".utf8)),
        ("bare ampersand", Array("<a>x & y</a>".utf8)),
        ("entity without semicolon", Array("<a>x &amp y</a>".utf8)),
        ("empty entity", Array("<a>&;</a>".utf8)),
        ("undefined entity", Array("<a>&nbsp;</a>".utf8)),
        ("two roots", Array("<a/><b/>".utf8)),
        ("text after the root", Array("<a></a>text".utf8)),
        ("missing greater-than", Array("<a>x</a".utf8)),
        ("attribute then end tag", Array("<a x=\"1\"</a>".utf8)),
        ("attributes without a space", Array("<a x=\"1\"y=\"2\"/>".utf8)),
        ("attribute without value", Array("<a x/>".utf8)),
        ("attribute without quotes", Array("<a x=1/>".utf8)),
        ("less-than in an attribute", Array("<a x=\"a<b\"/>".utf8)),
        ("unclosed attribute quote", Array("<a x='1></a>".utf8)),
        ("repeated attribute", Array("<a x=\"1\" x=\"2\"/>".utf8)),
        ("unfinished CDATA", Array("<a><![CDATA[x</a>".utf8)),
        ("unfinished comment", Array("<a><!-- x</a>".utf8)),
        ("double hyphen in a comment", Array("<a><!-- a -- b --></a>".utf8)),
        ("unfinished processing instruction", Array("<a><?pi x</a>".utf8)),
        ("CDATA end in text", Array("<a>x]]>y</a>".utf8)),
        ("invalid UTF-8", Array("<a>".utf8) + [0xE9, 0x74, 0xE9] + Array("</a>".utf8)),
        ("overlong UTF-8", Array("<a>".utf8) + [0xC0, 0x80] + Array("</a>".utf8)),
        ("Windows-1252 read as UTF-8", Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>".utf8) + [0x93, 0x94] +
            Array("</a>".utf8)),
        ("bytes invalid in the named encoding", Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>".utf8) +
            [0x81, 0x8D] + Array("</a>".utf8)),
        ("UTF-16 declared, UTF-8 content", Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>".utf8)),
        ("unknown encoding", Array("<?xml version=\"1.0\" encoding=\"bogus\"?><a/>".utf8)),
        ("whitespace only", Array("   ".utf8)),
        ("not XML", Array("hello".utf8)),
        ("XML declaration after a blank line", Array("\n<?xml version=\"1.0\"?><a/>".utf8)),
        ("XML declaration in upper case", Array("<?XML version=\"1.0\"?><a/>".utf8)),
        ("XML declaration without version", Array("<?xml encoding=\"UTF-8\"?><a/>".utf8)),
        ("XML version 2", Array("<?xml version=\"2.0\"?><a/>".utf8)),
        ("XML declaration not closed", Array("<?xml version=\"1.0\" encoding=\"UTF-8\"><a/>".utf8)),
        ("XML declaration with a stray attribute", Array("<?xml version=\"1.0\" foo=\"bar\"?><a/>".utf8)),
        ("XML declaration with an unclosed quote", Array("<?xml version='1.0' encoding=\"UTF-8' ?><a/>".utf8)),
        ("bad standalone", Array("<?xml version=\"1.0\" standalone=\"maybe\"?><a/>".utf8)),
        ("DOCTYPE without a name", Array("<!DOCTYPE>\n<a/>".utf8)),
        ("DOCTYPE PUBLIC without identifiers", Array("<!DOCTYPE plist PUBLIC>\n<a/>".utf8)),
        ("DOCTYPE SYSTEM without a URI", Array("<!DOCTYPE plist SYSTEM>\n<a/>".utf8)),
        ("DOCTYPE not closed", Array("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x.dtd\"\n<a/>".utf8)),
        ("DOCTYPE after the root", Array("<a/>\n<!DOCTYPE a>".utf8)),
        ("character reference to NUL", Array("<a>&#0;</a>".utf8)),
        ("character reference beyond Unicode", Array("<a>&#x110000;</a>".utf8)),
        ("character reference to a surrogate", Array("<a>&#xD800;</a>".utf8)),
        ("invalid hexadecimal reference", Array("<a>&#xZZ;</a>".utf8)),
        ("invalid decimal reference", Array("<a>&#12a;</a>".utf8)),
        ("reference without a number", Array("<a>&#;</a>".utf8)),
        ("reference without a semicolon", Array("<a>&#65</a>".utf8)),
        ("undeclared namespace prefix", Array("<a><q:b/></a>".utf8)),
        ("two colons in a name", Array("<a:b:c/>".utf8)),
        ("empty namespace", Array("<a xmlns:p=\"\"/>".utf8)),
        ("relative namespace URI", Array("<a xmlns=\"x\"/>".utf8)),
        ("space after the slash of an end tag", Array("<a></ a>".utf8)),
        ("end tag with an attribute", Array("<a></a x=\"1\">".utf8)),
        ("cut in the XML declaration", Array("<?xml version=\"1.0".utf8)),
        ("cut after a start tag", Array("<plist>\n<dict>\n".utf8)),
        ("cut in a start tag", Array("<plist>\n<dict>\n<str".utf8)),
        ("cut in an end tag", Array("<plist><string>a</".utf8)),
        ("cut after a less-than", Array("<plist>\n<".utf8)),
        ("cut in an entity", Array("<plist><string>a &am".utf8)),
        ("cut in a character reference", Array("<plist><string>a &#12".utf8)),
        ("cut in a comment", Array("<plist><!-- a".utf8)),
        ("cut in a CDATA section", Array("<plist><![CDATA[x".utf8)),
        ("cut in a processing instruction", Array("<?pi".utf8)),
        ("cut in an attribute", Array("<plist version=\"1.".utf8)),
        ("a name too long", Array(("<a>" + "<" + String(repeating: "n", count: 60_000) + "/></a>").utf8)),
    ]

    /// Phrases only libxml2 uses: their presence in a message means its text leaked through.
    static let libxmlPhrases = [
        "PCDATA", "xmlParse", "StartTag", "EntityRef", "CharRef", "Premature end", "Opening and ending",
        "Extra content at the end", "Document is empty", "Couldn't find", "attributes construct",
        "Specification mandates", "invalid character in attribute", "CData", "Comment not terminated",
        "out of allowed range", "proper UTF-8", "indicate encoding", "encoding error", "encoder error",
        "Unregistered", "AttValue", "SystemLiteral", "ParsePI", "Blank needed", "Unsupported", "labelled",
        "improperly terminated", "Start tag expected", "Invalid PI name", "redefined", "Malformed declaration",
        "standalone accepts", "Namespace prefix", "Failed to parse QName", "xmlns:", "Double hyphen",
        "Sequence ']]>'", "String not closed", "parsing XML declaration", "Space required", "is missing",
        "invalid xmlChar", "not defined", "Name too long", "XML_PARSE_HUGE", "not absolute", "line 1",
        "input conversion failed", "Unescaped", "error parsing",
    ]

    @Test(arguments: inputs)
    func noLibxmlWordingReachesAuthors(name: String, bytes: [UInt8]) {
        let (_, problems) = parse(bytes)
        #expect(!problems.isEmpty, "\(name): no problem reported")
        for problem in problems {
            for phrase in Self.libxmlPhrases {
                #expect(!problem.message.contains(phrase), "\(name): '\(problem.message)' has libxml2's '\(phrase)'")
            }
            if let libxml = problem.libxmlMessage?.trimmingCharacters(in: .whitespacesAndNewlines), !libxml.isEmpty {
                #expect(problem.message.lowercased() != libxml.lowercased(),
                        "\(name): '\(problem.message)' is libxml2's own")
            }
            #expect(problem.position != nil || name.contains("encoding"), "\(name): no position")
        }
    }

    @Test func aControlCharacterIsNamedAndWhereItIs() throws {
        let problem = try #require(parse("<a>x\u{01}y</a>").problems.first)
        #expect(problem.message == "the control character U+0001 cannot appear in XML; remove it")
        #expect(problem.position == SourcePosition(line: 1, column: 5))
    }

    @Test func aControlCharacterInAnAttributeIsNamed() throws {
        let problem = try #require(parse("<a b=\"x\u{1B}\"/>").problems.first)
        #expect(problem.message == "the control character U+001B cannot appear in XML; remove it")
        #expect(problem.position == SourcePosition(line: 1, column: 8))
    }

    @Test func theXMLDeclarationMustComeFirst() throws {
        let problem = try #require(parse("\n<?xml version=\"1.0\"?><a/>").problems.first)
        #expect(problem.message.hasPrefix("the XML declaration (<?xml …?>) must be the very first thing in the file"))
        #expect(problem.position == SourcePosition(line: 2, column: 1))
    }

    @Test func anErrorWithoutItsOwnSentenceStillGetsOurWords() {
        #expect(LibXMLMessages.describe(LibXMLError(code: 4242, text: "Some libxml2 wording", strings: [], number: 0))
                == "the XML is not well-formed here (parser error 4242)")
    }
}
