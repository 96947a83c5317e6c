import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing

@Suite struct MoodleXMLReaderTests {
    static let fixtures = Paths.inPackage("Tests/LessonpackAuthoringTests/Fixtures/import")

    func fixture(_ name: String) throws -> ReadResult<ImportedQuestion> {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name)))
        let format = QuestionFormat.guess(bytes, file: name)
        #expect(format == .moodleXML)
        return format.read(bytes, file: name)
    }

    /// A question file in Moodle's shape around `questions`.
    func read(_ questions: String) -> ReadResult<ImportedQuestion> {
        QuestionFormat.moodleXML.read(Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n\(questions)\n</quiz>\n".utf8),
                                      file: "q.xml")
    }

    /// `line:column message…` of each diagnostic, cut to its first words.
    func located(_ diagnostics: [Diagnostic], words: Int = 3) -> [String] {
        diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) " +
            $0.message.split(separator: " ").prefix(words).joined(separator: " ") }
    }

    @Test func aMoodle4ExportComesInAndWhatCannotIsReportedWhereItIsWritten() throws {
        let result = try fixture("moodle-4-export.xml")
        #expect(!result.hasErrors)
        #expect(result.items.map(\.text) == [
            "A flat white has milk in it.", "What does Alex order? Choose one answer.", "How do you ask for the bill?",
            "\"To go\" means <drink it here>.",
        ])
        #expect(result.items.map(\.kind) == [
            .trueFalse(true),
            .multipleChoice(choices: ["A tea", "A flat white", "A croissant & jam"], answer: "A flat white"),
            .multipleChoice(choices: ["Could we have the bill, please?", "The bill.", "Can I have the menu?"],
                            answer: "Could we have the bill, please?"),
            .trueFalse(false),
        ])
        #expect(result.items.map(\.explanation) == [
            // The feedback a learner who answered wrong sees; &nbsp; and &ndash; decoded inside CDATA.
            "A flat white is espresso with steamed milk – smaller than a latte.",
            "Alex says: \u{201C}A flat white, please.\u{201D}",
            "Polite and clear.",
            "\"To go\" means you take it away.",
        ])
        #expect(result.items.map(\.location.line) == [15, 44, 219, 284])
        // The category and the description pass without a word; the rest is located at the element concerned:
        // the question, its <single>, the image inside the CDATA, the part-credit answer.
        #expect(located(result.diagnostics) == [
            "94:3 essay questions cannot", "140:5 a multiple-answer question", "180:49 an image in",
            "252:5 part credit (fraction=\"33.33333\")", "313:3 embedded-answer (Cloze) questions",
        ])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.code == .importUnsupported })
    }

    @Test func aDoctypeWithEntitiesIsRefusedBeforeAnythingIsRead() throws {
        let result = try fixture("moodle-hostile-entity.xml")
        #expect(result.items.isEmpty)
        #expect(result.hasErrors)
        #expect(result.diagnostics.map(\.code.rawValue) == ["dtd-not-allowed"])
        #expect(located(result.diagnostics, words: 2) == ["2:16 a DOCTYPE"])
        // Without a DOCTYPE, an entity Moodle never writes is refused, not left as text.
        let undeclared = read("<question type=\"truefalse\"><questiontext><text>&secret;</text></questiontext></question>")
        #expect(undeclared.hasErrors && undeclared.items.isEmpty)
        #expect(undeclared.diagnostics.first?.code.rawValue == "entity-not-allowed")
    }

    @Test func brokenXMLAndOtherXMLAreErrors() {
        let broken = read("<question type=\"truefalse\">\n  <questiontext><text>Hi</questiontext>\n</question>")
        #expect(broken.hasErrors && broken.items.isEmpty)
        #expect(broken.diagnostics.first?.code.rawValue == "xml-syntax")
        #expect(broken.diagnostics.first?.location.line == 4)
        let plist = QuestionFormat.moodleXML.read(Array("<?xml version=\"1.0\"?>\n<plist><dict/></plist>".utf8), file: "p.xml")
        #expect(plist.diagnostics.map(\.message) == ["not a Moodle XML question file: it starts with <plist>, and Moodle's start with <quiz>"])
        #expect(plist.diagnostics.first?.location == SourceLocation(file: "p.xml", line: 2, column: 1))
        let deep = QuestionFormat.moodleXML.read(Array((String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)).utf8),
                                                 file: "d.xml")
        #expect(deep.diagnostics.first?.code.rawValue == "nesting-too-deep")
    }

    @Test func exactlyOneRightAnswerOrTheQuestionIsSkippedAtTheAnswerThatBreaksIt() {
        let result = read("""
              <question type="multichoice">
                <questiontext format="html"><text>Two right?</text></questiontext>
                <single>true</single>
                <answer fraction="100"><text>yes</text></answer>
                <answer fraction="100"><text>also yes</text></answer>
                <answer fraction="0"><text>no</text></answer>
              </question>
              <question type="multichoice">
                <questiontext format="html"><text>None right?</text></questiontext>
                <answer fraction="50"><text>half</text></answer>
                <answer fraction="50"><text>other half</text></answer>
              </question>
              <question type="multichoice">
                <questiontext><text>One answer?</text></questiontext>
                <answer fraction="100"><text>only</text></answer>
              </question>
              <question type="truefalse">
                <questiontext><text>Neither?</text></questiontext>
                <answer fraction="100"><text>maybe</text></answer>
                <answer fraction="0"><text>false</text></answer>
              </question>
              <question><questiontext><text>No type</text></questiontext></question>
              <question type="ddwtos"><questiontext><text>Drag</text></questiontext></question>
              <question type="futuretype"><questiontext><text>?</text></questiontext></question>
              <question type="multichoice"><name><text>no text</text></name></question>
            """)
        #expect(result.items.isEmpty)
        #expect(located(result.diagnostics) == [
            "7:5 2 answers are", "10:3 no answer is", "15:3 a multiple-choice question", "19:3 a true/false question",
            "24:3 questions with no", "25:3 drag-and-drop into text", "26:3 'futuretype' questions cannot",
            "27:3 the question has",
        ])
    }

    @Test func htmlBecomesOneLineOfPlainTextAndOtherFormatsStayAsWritten() {
        let result = read("""
            <question type="truefalse">
              <questiontext format="html"><text>&lt;p&gt;Caf&amp;eacute; &amp;amp; cr&amp;#232;me&lt;br&gt;br&amp;ucirc;l&amp;#xE9;e:
              a &amp;lt;b&amp;gt; is text, a &lt; b&lt;/p&gt;&lt;!-- note --&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;unknown;</text></questiontext>
              <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
            </question>
            <question type="truefalse">
              <questiontext format="markdown"><text>**Bold** &lt;kept&gt;
              on one line</text></questiontext>
              <generalfeedback format="plain_text"><text>&amp;nbsp; stays as typed</text></generalfeedback>
              <answer fraction="0"><text>true</text></answer><answer fraction="100"><text>false</text></answer>
            </question>
            """)
        // A reference no HTML character has stays as written, and the author is told where.
        #expect(located(result.diagnostics, words: 6) == ["5:106 '&unknown;' in the question names no"])
        #expect(result.items.map(\.text) == [
            "Café & crème brûlée: a <b> is text, a < b &unknown;", "**Bold** <kept> on one line",
        ])
        #expect(result.items.last?.explanation == "&nbsp; stays as typed")
    }

    /// Named references are HTML 4's whole table, read from libxml2's HTML parser: Greek letters and symbols too,
    /// not only Latin-1. HTML5's additions (`&check;`) are not in it: they stay, with a warning at their place.
    @Test func htmlFourCharacterNamesAreDecodedAndOthersAreReportedWhereTheyAre() {
        let result = read("""
            <question type="truefalse">
              <questiontext format="html"><text><![CDATA[<p>&alpha; &check; &hearts; &Omega;&rarr;&apos;&lang;</p>]]></text></questiontext>
              <generalfeedback format="html"><text><![CDATA[ok &check; &check; &notaname;]]></text></generalfeedback>
              <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
            </question>
            """)
        #expect(result.items.map(\.text) == ["α &check; ♥ Ω→'〈"])
        #expect(result.items.map(\.explanation) == ["ok &check; &check; &notaname;"])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.code == "import-syntax" })
        #expect(located(result.diagnostics, words: 4) == [
            "4:57 '&check;' in the question", "5:52 '&check;' in the general", "5:68 '&notaname;' in the general",
        ])
    }

    @Test func mediaAreLocatedInsideEscapedHTMLAndFeedbackKeepsItsText() {
        let result = read("""
            <question type="truefalse">
              <questiontext format="html"><text>&lt;p&gt;Listen:&lt;/p&gt;
            &lt;audio controls&gt;&lt;source src="@@PLUGINFILE@@/a.mp3"&gt;&lt;/audio&gt;</text></questiontext>
              <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
            </question>
            <question type="multichoice">
              <questiontext format="html"><text>Which?</text></questiontext>
              <generalfeedback format="html"><text><![CDATA[<p>See <a href="@@PLUGINFILE@@/notes.pdf">the notes</a>.</p>]]></text></generalfeedback>
              <answer fraction="100"><text>This</text></answer>
              <answer fraction="0"><text>That</text></answer>
            </question>
            <question type="multichoice">
              <questiontext format="html"><text>Pick the picture.</text></questiontext>
              <answer fraction="100"><text><![CDATA[<img src="https://example.org/cat.png">]]></text></answer>
              <answer fraction="0"><text>None</text></answer>
            </question>
            """)
        #expect(result.items.map(\.text) == ["Which?"])
        #expect(result.items.first?.explanation == "See the notes.")
        #expect(located(result.diagnostics, words: 5) == [
            // After the line break, the escaped tag starts the line: the position counts the source's characters.
            "5:1 a recording in the question", "10:56 a file stored with the", "16:41 an image in an answer",
        ])
    }

    @Test func xmlIsRecognisedByNameOrByItsFirstCharacters() {
        let gift = Array("// GIFT\nWhat?{=a ~b}\n".utf8)
        #expect(QuestionFormat.guess(gift) == .gift)
        #expect(QuestionFormat.guess(gift, file: "quiz.XML") == .moodleXML)
        #expect(QuestionFormat.guess(Array("Q?\nA. x\nB. y\nANSWER: A\n".utf8), file: "q.txt") == .aiken)
        #expect(QuestionFormat.guess([0xEF, 0xBB, 0xBF] + Array("\n <?xml version=\"1.0\"?><quiz/>".utf8)) == .moodleXML)
        #expect(QuestionFormat.guess(Array("<quiz>\n</quiz>".utf8)) == .moodleXML)
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("<quiz></quiz>".utf8).flatMap { [$0, 0] }
        #expect(QuestionFormat.guess(utf16) == .moodleXML)
        #expect(QuestionFormat(rawValue: "xml") == .moodleXML)
    }
}
