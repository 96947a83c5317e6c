import Foundation
import LessonpackAuthoring
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// Lesson documents as teachers write them: the same lesson in each convention docs/lesson-document.md accepts
/// (Markdown, a Word document, an OpenDocument one, plain text) reads as the same module content; a mistake is
/// reported at its place; and a module written out as a document reads back as itself.
@Suite struct LessonDocumentTests {
    static let fixtures = Paths.inPackage("Tests/LessonpackAuthoringTests/Fixtures/lessons")

    func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name)))
    }

    /// A fixture written in Markdown, turned into a Word or OpenDocument file by pandoc, as a word processor
    /// would save it (pandoc's own Markdown, which knows underlining; no "smart" quotes, so texts compare exactly).
    static func document(_ name: String, as format: LessonDocumentFormat) throws -> [UInt8] {
        let pandoc = try #require(ExternalTool.find("pandoc"), "pandoc is not installed: scripts/setup installs it")
        let output = try pandoc.run(["--from", "markdown-smart", "--to", format.rawValue, "--output", "-",
                                     fixtures + "/" + name])
        try #require(output.succeeded, "pandoc: \(output.errorText)")
        return [UInt8](output.standardOutput)
    }

    func read(_ bytes: [UInt8], _ file: String, _ format: LessonDocumentFormat) -> (Lesson?, [Diagnostic]) {
        LessonImport.interpret(bytes, file: file, format: format)
    }

    @Test func theSameLessonInEveryConventionReadsTheSame() throws {
        let (markdown, markdownDiagnostics) = read(try bytes("station.md"), "station.md", .markdown)
        #expect(markdownDiagnostics.isEmpty, "\(markdownDiagnostics)")
        let lesson = try #require(markdown)
        let variants: [(String, [UInt8], LessonDocumentFormat)] = [
            ("station.docx", try Self.document("station-word.md", as: .docx), .docx),
            ("station.odt", try Self.document("station-odt.md", as: .odt), .odt),
            ("station.txt", try bytes("station.txt"), .markdown),
        ]
        for (name, content, format) in variants {
            let (read, diagnostics) = read(content, name, format)
            #expect(diagnostics.isEmpty, "\(name): \(diagnostics)")
            #expect(read == lesson, "\(name) reads differently from station.md")
        }
    }

    @Test func theLessonHoldsExactlyWhatTheDocumentSays() throws {
        let lesson = try #require(read(try bytes("station.md"), "station.md", .markdown).0)
        #expect(lesson.title == "At the station" && lesson.level == "A2")
        #expect(lesson.summary == "Mia buys a train ticket to Oxford and asks where her train leaves from.")
        #expect(lesson.speakers?.map(\.id) == ["clerk", "traveller"])
        #expect(lesson.speakers?.map(\.name) == ["Sam Patel", "Mia Lopez"])
        #expect(lesson.objectives?.map(\.id) == ["buy", "ask"])
        #expect(lesson.objectives?[1].criteria == "Asks one clear question and understands the answer.")
        let lines = try #require(lesson.transcript)
        #expect(lines.map(\.id) == (1...8).map { "l0\($0)" })
        #expect(lines[1].speaker == "traveller" && lines[1].text == "A return ticket to Oxford, please.")
        #expect(lines[1].terms == ["return ticket"] && lines[6].terms == ["ten past nine"])
        #expect(lesson.definitions?.first == Definition(term: "return ticket", partOfSpeech: "noun",
                                                         meaning: "a ticket to a place and back again"))
        #expect(lesson.phrasebook == [FocusBox(title: "Asking about trains",
                                               body: "• Which platform does it leave from?\n• What time does it leave?")])
        let statements = try #require(lesson.videoTask)
        #expect(statements.count == 10)
        #expect(statements[2] == VideoTaskStatement(id: "s03", text: "Mia is coming back tomorrow.", isCorrect: false,
                                                    lines: ["l03", "l04"]))
        let questions = try #require(lesson.questions)
        #expect(questions.map { $0.answers.firstIndex(where: \.isCorrect) } == [0, 2, 1])
        #expect(questions[0].feedback == "Mia says: \"A return ticket to Oxford, please.\"" && questions[1].feedback == nil)
        #expect(questions[0].audio == "qa/q1.wav" && questions[0].answers[2].audio == "qa/q1-c.wav")
        let test = try #require(lesson.test)
        #expect(test.draw == 4 && test.items.map(\.objective) == ["buy", "buy", "buy", "ask", "ask", "ask"])
        #expect(test.items[1].kind == .multipleChoice(choices: ["A return to Oxford, please.", "Oxford is a return.",
                                                                "Give Oxford."], answer: "A return to Oxford, please."))
        #expect(test.items[2].kind == .statement(isCorrect: false) && test.items[5].explanation == "It asks about the time.")
    }

    @Test func aMistakeInATextDocumentIsReportedAtItsLineAndColumn() throws {
        var text = String(decoding: try bytes("station.md"), as: UTF8.self)
        text = text.replacingOccurrences(of: "   c) £22 ✓", with: "   c) £22")
            .replacingOccurrences(of: "Mia: Thank you very much.", with: "Mya: Thank you very much.")
            .replacingOccurrences(of: "10. Mia says thank you. (true) (line 8)", with: "10. Mia says thank you. (true) (line 9)")
            .replacingOccurrences(of: "- platform (noun) the place", with: "- platform: the place")
        let (lesson, diagnostics) = read(Array(text.utf8), "station.md", .markdown)
        #expect(lesson == nil)
        let shown = diagnostics.map { "\($0.location): \($0.message) [\($0.code)]" }
        #expect(shown.sorted() == [
            "station.md:50:1: 'Mya' is not one of the speakers (Sam Patel, Mia Lopez); did you mean 'Mia'? [lesson-reference]",
            "station.md:57:3: the glossary entry 'platform' has no part of speech: write it in parentheses after the term, " +
                "like 'platform (noun) …' [lesson-syntax]",
            "station.md:78:5: statement 10 names line 9, but the conversation has 8 lines [lesson-reference]",
            "station.md:90:4: question 2 has no answer marked right: mark it with ✓ [lesson-syntax]",
        ])
        #expect(Set(diagnostics.map(\.code)) == [.lessonReference, .lessonSyntax])
    }

    @Test func aMistakeInAWordDocumentNamesItsParagraphAndFirstWords() throws {
        let document = try Self.document("station-word.md", as: .docx)
        // The same document with question 2's right answer no longer in bold: pandoc writes it again.
        let source = String(decoding: try bytes("station-word.md"), as: UTF8.self)
            .replacingOccurrences(of: "C.  **£22**", with: "C.  £22")
        let folder = TemporaryFolder()
        let edited = folder.write(source, to: "edited.md")
        let pandoc = try #require(ExternalTool.find("pandoc"))
        let output = try pandoc.run(["--from", "markdown-smart", "--to", "docx", "--output", "-", edited])
        #expect(document != [UInt8](output.standardOutput))
        let (lesson, diagnostics) = read([UInt8](output.standardOutput), "lesson.docx", .docx)
        #expect(lesson == nil)
        let only = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(only.location == SourceLocation(file: "lesson.docx"))
        #expect(only.message.hasPrefix("paragraph ") && only.message.hasSuffix(
            "(\u{201C}How much is the ticket?\u{201D}): question 2 has no answer marked right: mark it with ✓"))
    }

    @Test func conventionsAreReportedInTheTeachersWords() throws {
        let text = """
            # Lesson

            ## Conversation

            Anna: Hello.
            Tom said hello back.

            ## Warm-up

            Talk about cafés.

            ## Video task

            1. Anna says hello. (line 1)
            2. Tom says goodbye. (false)

            ## Questions and answers

            1. Who speaks first?

               a) Anna
               b) Tom

            ## Test

            1. Anna speaks first. (true)
            """
        let (lesson, diagnostics) = read(Array(text.utf8), "l.md", .markdown)
        #expect(lesson == nil)
        let byLine = Dictionary(grouping: diagnostics, by: { $0.location.line ?? 0 }).mapValues { $0.map(\.message) }
        #expect(byLine[6] == ["this line of the conversation names no speaker: start it with the speaker's name and a " +
                              "colon, like 'Helen: Good morning.'"])
        #expect(diagnostics.contains { $0.severity == .warning && $0.code == .lessonUnknownSection && $0.location.line == 8 })
        #expect(byLine[14] == ["statement 1 is not marked true or false: add (true) or (false) after it"])
        #expect(byLine[15]?.first?.hasPrefix("statement 2 does not say which lines show the answer") == true)
        #expect(byLine[19] == ["question 1 has 2 answers: a spoken question has three, written under it as a), b) and c)"])
        // No objectives at all: a test item cannot say which it assesses.
        #expect(byLine[26]?.first?.hasPrefix("test item 1 does not say which objective it assesses") == true)
    }

    @Test func sectionsMayBeNumberedAndLabelledAndLinesMayCarryDirections() throws {
        let text = """
            # Unit 5: Quiz

            ## Part 1: Characters

            - Anna Nowak (server)
            - Tom Reed (customer)

            ## Activity 2 – Dialogue (watch first)

            Anna (smiling): Good morning!
            TOM: Hi.

            ## 3. Glossary

            - good morning (expression) a greeting before noon
            """
        let (lesson, diagnostics) = read(Array(text.utf8), "unit.md", .markdown)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(lesson?.title == "Unit 5: Quiz" && lesson?.test == nil)
        #expect(lesson?.transcript?.map(\.speaker) == ["server", "customer"])
        #expect(lesson?.transcript?.first?.text == "Good morning!")
        #expect(lesson?.definitions?.count == 1)
    }

    @Test func aTermInTheGlossaryTwiceIsAMistake() throws {
        // definitions.plist keys each term: written twice, the import would have left a duplicate key behind it.
        let text = "# L\n\n## Glossary\n\n- good morning (expression) a greeting\n- good morning (expression) hello\n"
        let (lesson, diagnostics) = read(Array(text.utf8), "l.md", .markdown)
        #expect(lesson == nil)
        #expect(diagnostics.map(\.code) == [.lessonSyntax] && diagnostics.first?.location.line == 6, "\(diagnostics)")
    }

    @Test func onlyALineReferenceIsReadAsOne() throws {
        let text = "# L\n\n## Conversation\n\nAnna: Hello.\n\n## Video task\n\n" +
            "1. Anna writes on (lined paper). (true) (line 1)\n"
        let lesson = try #require(read(Array(text.utf8), "l.md", .markdown).0)
        #expect(lesson.videoTask?.first?.text == "Anna writes on (lined paper).")
        #expect(lesson.videoTask?.first?.lines == ["l01"])
    }

    /// A corrected document brought in again keeps the video's timing line by line (and its doubts); one with a
    /// line more spreads every line again, in order, since the added line moves those after it.
    @Test func bringingALessonInAgainKeepsTimesOnlyWhileTheLinesStayInPlace() throws {
        let folder = TemporaryFolder()
        let module = folder.child("module")
        try ModuleTemplate.create(from: .starter, at: module, id: "m", title: "M")
        func bring(_ lines: [String]) throws -> Module {
            let text = "# L\n\n## Conversation\n\n" + lines.joined(separator: "\n\n") + "\n"
            let lesson = try #require(read(Array(text.utf8), "l.md", .markdown).0)
            try LessonImport.apply(LessonImport.plan(lesson, from: "l.md", into: module), to: module)
            return try ModuleLoader.load(folder: module).module
        }
        _ = try bring(["Anna: One.", "Tom: Two.", "Anna: Three."])
        let transcript = module + "/transcript.plist"
        // As align leaves it: line 2 timed by hand-picked times, with a doubt.
        var timed = try String(contentsOfFile: transcript, encoding: .utf8)
        timed = timed.replacingOccurrences(of: "<string>Two.</string>", with: "<string>Two.</string>\n\t\t\t<key>uncertainTiming</key>\n\t\t\t<string>a span short for its words</string>")
        try timed.write(toFile: transcript, atomically: true, encoding: .utf8)
        let corrected = try bring(["Anna: One!", "Tom: Two.", "Anna: Three."])
        #expect(corrected.transcript[1].uncertainTiming == "a span short for its words")
        let longer = try bring(["Anna: One!", "Tom: Two.", "Anna: Three.", "Tom: Four."])
        #expect(zip(longer.transcript, longer.transcript.dropFirst()).allSatisfy { $0.end <= $1.start })
        #expect(longer.transcript.allSatisfy { $0.uncertainTiming == nil })
    }

    @Test func aDocumentWithNoLessonInItIsRefused() {
        let (lesson, diagnostics) = read(Array("Just some notes.\n\nNothing else.\n".utf8), "notes.txt", .markdown)
        // The first line is taken as a title; with no section at all there is nothing else to read.
        #expect(lesson?.title == "Just some notes." && diagnostics.isEmpty)
        let (none, refused) = read(Array("- a list\n- of things\n".utf8), "list.txt", .markdown)
        #expect(none == nil && refused.map(\.code) == [.lessonMissing])
        let (binary, unreadable) = read([0x50, 0x4B, 0x03, 0x04, 0xFF, 0x00], "broken.docx", .docx)
        #expect(binary == nil && unreadable.map(\.code) == [.lessonUnreadable])
        #expect(unreadable.first?.message.hasPrefix("this is not a Word document pandoc can read") == true)
    }

    @Test func aDocumentNestedBeyondAnyLessonIsRefusedBeforeItsTreeIsRead() {
        let deep = "# Lesson\n\n" + String(repeating: "> ", count: 300) + "Anna: Hello.\n"
        let (lesson, diagnostics) = read(Array(deep.utf8), "deep.md", .markdown)
        #expect(lesson == nil && diagnostics.map(\.code) == [.lessonUnreadable])
        #expect(diagnostics.first?.message.contains("nests lists, quotes or tables more than 100 deep") == true)
        // Ten levels of quoting is nothing unusual.
        let shallow = "# Lesson\n\n## Conversation\n\n" + String(repeating: "> ", count: 10) + "Anna: Hello.\n"
        #expect(read(Array(shallow.utf8), "shallow.md", .markdown).0?.transcript?.count == 1)
    }

    @Test func rolePlayIsYesOrNoAndAnythingElseIsShownWhereItIsWritten() throws {
        func lesson(_ rolePlay: String) -> (Lesson?, [Diagnostic]) {
            read(Array("# Lesson\n\nLevel: A2\n\(rolePlay)\n".utf8), "l.md", .markdown)
        }
        #expect(lesson("Role play: no").0?.rolePlay == false)
        #expect(lesson("Roleplay: Yes.").0?.rolePlay == true)
        #expect(lesson("Level: A1").0?.rolePlay == nil)
        let (none, diagnostics) = lesson("Role play: sometimes")
        #expect(none == nil)
        #expect(diagnostics.map { "\($0.location): \($0.message)" } == [
            "l.md:4:1: role play is 'sometimes': write 'Role play: yes' for learners to play a speaker in the video, or 'Role play: no'"])
    }

    @Test func aModuleWrittenAsADocumentReadsBackAsItself() throws {
        var module = try ModuleLoader.load(folder: Paths.sampleModule).module
        module.rolePlay = false
        for format in [LessonDocumentFormat.markdown, .docx, .odt, .html] {
            let document = try LessonExport.document(of: module, as: format)
            let (lesson, diagnostics) = read(document, "job-interview.\(format.rawValue)", format)
            #expect(diagnostics.isEmpty, "\(format): \(diagnostics)")
            let read = try #require(lesson)
            var expected = module
            expected.transcript = expected.transcript.map { line in
                TranscriptLine(id: line.id, speaker: line.speaker, text: line.text, start: 0, end: 0,
                               audio: "lines/\(line.id).wav", terms: line.terms)
            }
            #expect(read.title == module.title && read.level == module.level && read.summary == module.summary)
            #expect(read.passMark == module.passMark && read.rolePlay == false)
            #expect(read.speakers?.map(\.id) == module.speakers.map(\.id) && read.speakers?.map(\.name) == module.speakers.map(\.name))
            #expect(read.objectives == module.objectives)
            #expect(read.transcript == expected.transcript, "\(format)")
            #expect(read.definitions == module.definitions)
            #expect(read.phrasebook == module.phrasebook)
            #expect(read.videoTask == module.videoTask)
            #expect(read.questions?.map(\.text) == module.questions.map(\.text))
            #expect(read.questions?.map { $0.answers.map(\.text) } == module.questions.map { $0.answers.map(\.text) })
            #expect(read.questions?.map { $0.answers.map(\.isCorrect) } == module.questions.map { $0.answers.map(\.isCorrect) })
            #expect(read.questions?.map(\.feedback) == module.questions.map(\.feedback))
            #expect(read.test?.draw == module.test.draw)
            #expect(read.test?.items.map { TestItem(id: $0.id, objective: $0.objective, text: $0.text, kind: $0.kind,
                                                    explanation: $0.explanation) }
                    == module.test.items.map { TestItem(id: $0.id, objective: $0.objective, text: $0.text, kind: $0.kind,
                                                        explanation: $0.explanation) })
        }
    }

    /// A document holding only a conversation and objectives, brought into the starter: the starter's statements
    /// keep pointing at the first and second lines, its test items at the first objective, so nothing breaks.
    @Test func aPartialLessonLeavesTheModuleWhole() throws {
        let folder = TemporaryFolder()
        let module = folder.child("module")
        try ModuleTemplate.create(from: .starter, at: module, id: "m", title: "M")
        let text = """
            # Lesson

            ## Objectives

            ### greet

            Performance: Greet someone.
            Condition: At a café.
            Content: Hello; Hi.
            Criteria: Says hello back.

            ## Conversation

            Anna: Hello there.
            Tom: Hi!
            Anna: How are you?
            """
        let lesson = try #require(read(Array(text.utf8), "partial.md", .markdown).0)
        let plan = LessonImport.plan(lesson, from: "partial.md", into: module)
        #expect(!plan.hasErrors, "\(plan.diagnostics)")
        #expect(Set(plan.files.map { ($0.path as NSString).lastPathComponent })
                == ["module.plist", "transcript.plist", "video-task.plist", "test.plist"])
        try LessonImport.apply(plan, to: module)
        let result = try ModuleChecker.check(folder: module)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.location): \($0.message)" })")
        let after = result.source.module
        #expect(after.videoTask.first?.lines == ["l01"] && after.videoTask[1].lines == ["l02"])
        #expect(after.test.items.allSatisfy { $0.objective == "greet" })
    }

    @Test func importingALessonReplacesWhatItCoversAndKeepsTheRest() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.inPackage("Templates/starter"), as: "module")
        let lesson = try #require(read(try bytes("station.md"), "station.md", .markdown).0)
        var partial = Lesson()
        partial.transcript = lesson.transcript
        partial.speakers = lesson.speakers
        partial.definitions = lesson.definitions
        let plan = LessonImport.plan(partial, from: "station.md", into: module)
        #expect(!plan.hasErrors, "\(plan.diagnostics)")
        try LessonImport.apply(plan, to: module)
        let after = try ModuleLoader.load(folder: module).module
        #expect(after.transcript.map(\.text) == lesson.transcript?.map(\.text))
        #expect(after.definitions == lesson.definitions)
        // Not covered: the starter's questions and title stay.
        #expect(after.questions.first?.id == "question-1" && after.title == "{{TITLE}}")
        // Placed evenly over the starter's six-second video, each with a placeholder clip.
        #expect(after.transcript.allSatisfy { $0.end > $0.start && $0.end <= 6 })
        #expect(after.transcript.allSatisfy { line in after.media.contains { $0.path == line.audio } })
    }
}
