import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackTestSupport
import Testing

/// Moodle XML and Aiken, written by `export questions --to` and read back by `import questions`.
@Suite struct QuestionExportTests {
    let gift = GIFTWriterTests()

    /// `text` read as `format` and imported into `folder`'s `target`, as `lessonpack import questions` does.
    func importText(_ text: String, as format: QuestionFormat, into folder: String, target: QuestionImport.Target) throws {
        let read = format.read(Array(text.utf8), file: "export.\(format.rawValue)")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let plan = QuestionImport.plan(read.items, from: "export", into: folder, target: target, objective: nil)
        #expect(!plan.hasErrors, "\(plan.diagnostics)")
        try plan.apply()
    }

    @Test func moodleXMLCarriesEveryItemAndComesBackTheSame() throws {
        let folder = TemporaryFolder()
        let path = try gift.module(in: folder)
        let source = try ModuleLoader.load(folder: path)
        let test = QuestionExport.export(source, from: .test, as: .moodleXML)
        let qa = QuestionExport.export(source, from: .qa, as: .moodleXML)
        #expect(test.diagnostics.isEmpty && qa.diagnostics.isEmpty)
        #expect((test.testItems, qa.qaQuestions) == (4, 2))
        // Markup characters are escaped, and nothing is read as HTML.
        #expect(test.text.contains("<questiontext format=\"plain_text\"><text>[html] at the start is text, &lt;b&gt; too &amp; this.</text>"))
        #expect(test.text.contains("<tags><tag><text>objective-1</text></tag></tags>"))
        #expect(qa.text.contains("<category><text>$course$/top/at-the-cafe/qa</text></category>"))

        let copy = try gift.emptyCopy(of: path, in: folder)
        try importText(test.text, as: .moodleXML, into: copy, target: .test)
        try importText(qa.text, as: .moodleXML, into: copy, target: .qa)
        let back = try ModuleLoader.load(folder: copy).module
        #expect(back.test.items == GIFTWriterTests.awkwardItems)
        #expect(back.questions == GIFTWriterTests.awkwardQuestions)
        // And Moodle's own schema of the format is what libxml2 reads: well-formed, one <quiz>.
        #expect(QuestionFormat.guess(Array(test.text.utf8)) == .moodleXML)
    }

    @Test func aikenCarriesMultipleChoiceAndSaysWhichStatementsItLeavesOut() throws {
        let folder = TemporaryFolder()
        let path = try gift.module(in: folder)
        let source = try ModuleLoader.load(folder: path)
        let test = QuestionExport.export(source, from: .test, as: .aiken)
        #expect(!test.hasErrors && test.testItems == 2)
        #expect(test.diagnostics.map { "\($0.code.rawValue) \($0.severity) \($0.location.file ?? "")" } == [
            "export-left-out warning \(path)/questions/test.plist", "export-left-out warning \(path)/questions/test.plist",
        ])
        #expect(test.diagnostics.first?.message.hasPrefix("item 'item-01' is a true/false statement") == true)
        #expect(test.text == """
            Which is GIFT's "right answer" mark?
            A. =
            B. ~
            C. ####
            D. {}
            ANSWER: A

            Pick the greeting.
            A. Bonjour : ça va ?
            B. %50% off
            C. C:\\path\\
            ANSWER: B

            """)
        let qa = QuestionExport.export(source, from: .qa, as: .aiken)
        #expect(qa.diagnostics.isEmpty && qa.qaQuestions == 2)

        let copy = try gift.emptyCopy(of: path, in: folder)
        try importText(test.text, as: .aiken, into: copy, target: .test)
        try importText(qa.text, as: .aiken, into: copy, target: .qa)
        let back = try ModuleLoader.load(folder: copy).module
        // Aiken keeps the texts, the choices and the right answer; ids and feedback it has no place for.
        #expect(back.test.items.map(\.text) == GIFTWriterTests.awkwardItems.filter {
            if case .multipleChoice = $0.kind { true } else { false }
        }.map(\.text))
        #expect(back.test.items.map(\.kind) == [GIFTWriterTests.awkwardItems[1].kind, GIFTWriterTests.awkwardItems[3].kind])
        #expect(back.questions.map { $0.answers.map(\.text) } == GIFTWriterTests.awkwardQuestions.map { $0.answers.map(\.text) })
        #expect(back.questions.map { $0.answers.map(\.isCorrect) } ==
                GIFTWriterTests.awkwardQuestions.map { $0.answers.map(\.isCorrect) })
    }

    @Test func whatNoFormatCanSayIsRefusedInEachFormatsWords() throws {
        let folder = TemporaryFolder()
        let path = try gift.module(in: folder, items: [
            TestItem(id: "lonely", objective: "objective-1", text: "Only one?", kind: .multipleChoice(choices: ["yes"], answer: "yes")),
        ])
        for format in QuestionExport.Format.allCases {
            let export = QuestionExport.export(try ModuleLoader.load(folder: path), from: .test, as: format)
            #expect(export.hasErrors && export.text.isEmpty)
            #expect(export.diagnostics.first?.message.contains("\(format.name) would read it back") == true)
        }
    }
}
