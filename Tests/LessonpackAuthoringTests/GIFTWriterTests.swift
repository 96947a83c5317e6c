import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackTestSupport
import Testing

@Suite struct GIFTWriterTests {
    /// Every character GIFT gives a meaning, in texts, choices and explanations.
    static let awkwardItems = [
        TestItem(id: "item-01", objective: "objective-1",
                 text: "Use { and } around answers: 100% = all~none #1, and \\ for escapes.",
                 kind: .statement(isCorrect: false), explanation: "Colons: hashes # and tildes ~ need a backslash."),
        TestItem(id: "item-02", objective: "objective-1", text: "Which is GIFT's \"right answer\" mark?",
                 kind: .multipleChoice(choices: ["=", "~", "####", "{}"], answer: "="),
                 explanation: "'=' marks it; '~' marks a wrong one."),
        TestItem(id: "item-03", objective: "objective-1", text: "[html] at the start is text, <b> too & this.",
                 kind: .statement(isCorrect: true)),
        TestItem(id: "item-04", objective: "objective-1", text: "Pick the greeting.",
                 kind: .multipleChoice(choices: ["Bonjour : ça va ?", "%50% off", "C:\\path\\"], answer: "%50% off")),
    ]

    static let awkwardQuestions = [
        Question(id: "question-1", text: "Who says \"Nice to meet you: really\"?", audio: "qa/question-1.wav", answers: [
            .init(text: "Sam {the barista}", audio: "qa/question-1-a.wav", isCorrect: true),
            .init(text: "Alex", audio: "qa/question-1-b.wav", isCorrect: false),
            .init(text: "Nobody #1", audio: "qa/question-1-c.wav", isCorrect: false),
        ], feedback: "Sam: first~"),
        Question(id: "question-2", text: "Where are they?", audio: "qa/question-2.wav", answers: [
            .init(text: "In a café", audio: "qa/question-2-a.wav", isCorrect: false),
            .init(text: "At home", audio: "qa/question-2-b.wav", isCorrect: true),
            .init(text: "At 10:30", audio: "qa/question-2-c.wav", isCorrect: false),
        ]),
    ]

    /// The starter module with `items` in its test and `questions` in its Q&A, written as an author would have.
    func module(in folder: TemporaryFolder, items: [TestItem] = awkwardItems,
                questions: [Question] = awkwardQuestions) throws -> String {
        let path = folder.copy(Paths.inPackage("Templates/starter"), as: "module")
        let moduleFile = path + "/module.plist"
        let named = try String(contentsOfFile: moduleFile, encoding: .utf8)
            .replacingOccurrences(of: "{{ID}}", with: "at-the-cafe").replacingOccurrences(of: "{{TITLE}}", with: "At the café")
        try Data(named.utf8).write(to: URL(fileURLWithPath: moduleFile))
        var model = try ModuleLoader.load(folder: path).module
        model.test.items = items
        model.questions = questions
        let sources = try ModuleSourceWriter.sources(of: model)
        for file in [SourceFile.test, .questions] {
            try Data(try #require(sources[file])).write(to: URL(fileURLWithPath: path + "/" + file.path))
        }
        return path
    }

    /// Reads `gift` with the GIFT importer into `folder`'s `target`, as `lessonpack import questions` does.
    func importGIFT(_ gift: String, into folder: String, target: QuestionImport.Target, objective: String? = nil) throws {
        let read = QuestionFormat.gift.read(Array(gift.utf8), file: "export.gift")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let plan = QuestionImport.plan(read.items, from: "export.gift", into: folder, target: target, objective: objective)
        #expect(!plan.hasErrors, "\(plan.diagnostics)")
        try plan.apply()
    }

    /// The copy with no test items and no Q&A questions.
    func emptyCopy(of module: String, in folder: TemporaryFolder) throws -> String {
        let copy = folder.copy(module, as: "empty")
        for file in [SourceFile.test, .questions] { try FileManager.default.removeItem(atPath: copy + "/" + file.path) }
        return copy
    }

    @Test func specialCharactersAreEscapedAndLineBreaksKeepAQuestionOnOneLine() {
        #expect(GIFTWriter.escaped("a~b=c#d{e}f:g\\h\ni\r\nj") == "a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h\\ni\\nj")
        #expect(GIFTWriter.escaped("Plain words, quotes \"'\" and 100% [x] stay.") ==
                "Plain words, quotes \"'\" and 100% [x] stay.")
    }

    @Test func exportThenImportIntoAnEmptyCopyGivesTheSameItems() throws {
        let folder = TemporaryFolder()
        let path = try module(in: folder)
        let source = try ModuleLoader.load(folder: path)
        #expect(!source.diagnostics.hasErrors, "\(source.diagnostics)")
        #expect(source.module.test.items == Self.awkwardItems)

        let test = QuestionExport.export(source, from: .test, as: .gift)
        let qa = QuestionExport.export(source, from: .qa, as: .gift)
        #expect(!test.hasErrors && !qa.hasErrors)
        #expect((test.testItems, test.qaQuestions, qa.testItems, qa.qaQuestions) == (4, 0, 0, 2))
        let copy = try emptyCopy(of: path, in: folder)
        try importGIFT(test.text, into: copy, target: .test)
        try importGIFT(qa.text, into: copy, target: .qa)

        let back = try ModuleLoader.load(folder: copy).module
        #expect(back.test.items == Self.awkwardItems)
        #expect(back.questions == Self.awkwardQuestions)
    }

    @Test func theSampleModuleComesBackTextForText() throws {
        let folder = TemporaryFolder()
        let sample = try ModuleLoader.load(folder: Paths.sampleModule)
        let copy = try emptyCopy(of: Paths.sampleModule, in: folder)
        // The sample's items assess three objectives, which GIFT only names in comments: compare all but that.
        let export = QuestionExport.export(sample, from: .all, as: .gift)
        let read = QuestionFormat.gift.read(Array(export.text.utf8), file: "all.gift")
        #expect(read.diagnostics.isEmpty)
        #expect(read.items.count == sample.module.test.items.count + sample.module.questions.count)
        try importGIFT(QuestionExport.export(sample, from: .test, as: .gift).text, into: copy, target: .test, objective: "greet")
        try importGIFT(QuestionExport.export(sample, from: .qa, as: .gift).text, into: copy, target: .qa)

        let back = try ModuleLoader.load(folder: copy).module
        func shape(_ item: TestItem) -> String { "\(item.text)|\(item.kind)|\(item.explanation ?? "-")" }
        func shape(_ question: Question) -> String {
            "\(question.text)|\(question.answers.map { "\($0.text)\($0.isCorrect ? "*" : "")" })|\(question.feedback ?? "-")"
        }
        #expect(back.test.items.count == 30)
        #expect(back.test.items.map(shape) == sample.module.test.items.map(shape))
        #expect(back.questions.map(shape) == sample.module.questions.map(shape))
    }

    @Test func theFileSaysWhereEachPartComesFromAndThatTheQAIsTextOnly() throws {
        let sample = try ModuleLoader.load(folder: Paths.sampleModule)
        let test = QuestionExport.export(sample, from: .test, as: .gift).text
        let lines = test.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("$CATEGORY: job-interview/test"))
        #expect(!test.contains("$CATEGORY: job-interview/qa") && !test.contains("spoken"))
        #expect(lines.contains { $0.hasPrefix("// objective greet: ") })
        // Multiple choice one answer a line, the right one marked; a statement on one line.
        let first = try #require(lines.firstIndex { $0.hasPrefix("::t01::") })
        #expect(lines[first - 1] == "// objective: \(sample.module.test.items[0].objective)")
        #expect(lines[first].hasSuffix("{") && lines[first + 1].hasPrefix("\t"))
        #expect(lines[first + 4].hasPrefix("\t####") && lines[first + 5] == "}")
        #expect(lines[(first + 1)...(first + 3)].filter { $0.hasPrefix("\t=") }.count == 1)
        let statements = lines.filter { $0.hasPrefix("::") && ($0.contains("{TRUE") || $0.contains("{FALSE")) }
        #expect(statements.count == sample.module.test.items.count { if case .statement = $0.kind { true } else { false } })
        #expect(statements.allSatisfy { $0.hasSuffix("}") })

        let qa = QuestionExport.export(sample, from: .qa, as: .gift).text
        #expect(qa.split(separator: "\n")[1].contains("spoken in the module: only their texts are here"))
        #expect(qa.contains("$CATEGORY: job-interview/qa\n\n::q1::Who is Helen Clarke?{\n\t=She's the front office manager.\n"))
        #expect(!qa.contains("$CATEGORY: job-interview/test") && !qa.contains(".opus"))
    }

    @Test func aModuleWithErrorsIsRefusedWithItsDiagnostics() throws {
        let folder = TemporaryFolder()
        let path = try module(in: folder)
        let testFile = path + "/" + SourceFile.test.path
        let broken = try String(contentsOfFile: testFile, encoding: .utf8).replacingOccurrences(of: "</array>", with: "</dict>")
        try Data(broken.utf8).write(to: URL(fileURLWithPath: testFile))
        let export = QuestionExport.export(try ModuleLoader.load(folder: path), from: .qa, as: .gift)
        #expect(export.hasErrors && export.text.isEmpty)
        #expect(export.diagnostics.contains { $0.code.rawValue == "xml-syntax" && $0.location.file == testFile })
    }

    @Test func questionsGIFTCannotSayAreRefusedWhereTheyAreWritten() throws {
        let folder = TemporaryFolder()
        var items = Self.awkwardItems
        items[1].kind = .multipleChoice(choices: ["=", "~"], answer: "#")
        var questions = Self.awkwardQuestions
        questions[1].answers[0].isCorrect = true
        let path = try module(in: folder, items: items, questions: questions)
        let export = QuestionExport.export(try ModuleLoader.load(folder: path), from: .all, as: .gift)
        #expect(export.text.isEmpty)
        let found = export.diagnostics.map { "\(($0.location.file as NSString).lastPathComponent):\($0.location.line ?? 0) \($0.code)" }
        // Each at the value concerned: the item's answer, the question's list of answers.
        let answer = try line(of: "<string>#</string>", in: path + "/" + SourceFile.test.path)
        let answers = try line(of: "<array>", in: path + "/" + SourceFile.questions.path,
                               after: try line(of: "<string>question-2</string>", in: path + "/" + SourceFile.questions.path))
        #expect(found == ["test.plist:\(answer) answer-not-a-choice", "qa.plist:\(answers) correct-answer-count"])
        // Without the broken item and question, the same module exports.
        items.remove(at: 1)
        let fixedFolder = TemporaryFolder()
        let fixed = try module(in: fixedFolder, items: items, questions: Self.awkwardQuestions)
        #expect(!QuestionExport.export(try ModuleLoader.load(folder: fixed), from: .all, as: .gift).hasErrors)
    }

    /// The number of the first line holding `text` after line `after`.
    private func line(of text: String, in file: String, after: Int = 0) throws -> Int {
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.indices.first { $0 >= after && lines[$0].contains(text) }) + 1
    }
}
