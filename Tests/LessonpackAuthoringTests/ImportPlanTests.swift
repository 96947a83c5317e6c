import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackSystem
import LessonpackTestSupport
import PropertyList
import Testing

@Suite struct ImportPlanTests {
    func starter(in folder: TemporaryFolder) -> String { folder.copy(Paths.inPackage("Templates/starter"), as: "module") }

    func lines(_ name: String) throws -> [ImportedLine] {
        let path = TranscriptReaderTests.fixtures + "/" + name
        return TranscriptFormat.guess(forFile: path).read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))),
                                                          file: name).items
    }

    func value(_ path: String) -> PlistValue? { PlistReader.read(fileAt: path).root?.value }

    @Test func aTranscriptAddsItsSpeakersAndImportingItAgainChangesNothing() throws {
        let folder = TemporaryFolder()
        let module = starter(in: folder)
        let interview = try lines("webvtt-spec-interview.vtt")
        let plan = TranscriptImport.plan(interview, from: "interview.vtt", into: module)
        #expect(!plan.hasErrors)
        #expect(plan.files.map { ($0.path as NSString).lastPathComponent } == ["transcript.plist", "module.plist"])
        #expect(plan.report.contains("module.plist: added speaker 'Neil deGrasse Tyson' (id 'neil-degrasse-tyson', colour #7570B3)"))
        #expect(plan.report.contains("line-01: dropped the term 'nice to meet you', which its new text does not contain"))
        try plan.apply()

        let transcript = try #require(value(module + "/transcript.plist"))
        let written = try #require(transcript["lines"]?.array)
        #expect(written.count == 13)
        #expect(written[12]["id"]?.string == "line-13" && written[12]["audio"]?.string == "lines/line-13.wav")
        #expect(written[9]["speaker"]?.string == "neil-degrasse-tyson" && written[9]["start"]?.string == "0:30.500")
        // The starter's comments survive the rewrite.
        #expect(try String(contentsOfFile: module + "/transcript.plist", encoding: .utf8).contains("<!-- The conversation"))

        let again = TranscriptImport.plan(interview, from: "interview.vtt", into: module)
        #expect(!again.hasErrors && again.files.isEmpty)
    }

    @Test func plainTextKeepsTheTimesAndAudioOfTheLinesItReplaces() throws {
        let folder = TemporaryFolder()
        let module = starter(in: folder)
        try TranscriptImport.plan(try lines("subrip-wikipedia.srt"), from: "s.srt", into: module,
                                  defaultSpeaker: "Pilot").apply()
        let corrected = TranscriptFormat.plain.read(Array("Pilot: Senator, we are making our final approach.\n".utf8),
                                                    file: "fix.txt").items
        let plan = TranscriptImport.plan(corrected, from: "fix.txt", into: module)
        #expect(plan.report.contains("transcript.plist: 1 lines (1 replaced, 0 new, 3 removed)"))
        try plan.apply()
        let line = try #require(value(module + "/transcript.plist")?["lines"]?.array?.first)
        #expect(line["text"]?.string == "Senator, we are making our final approach.")
        #expect(line["start"]?.string == "2:16.612" && line["audio"]?.string == "lines/line-01.wav")
    }

    @Test func linesWithoutASpeakerStopTheImport() throws {
        let folder = TemporaryFolder()
        let plan = TranscriptImport.plan(try lines("subrip-wikipedia.srt"), from: "s.srt", into: starter(in: folder))
        #expect(plan.diagnostics.filter { $0.code == .importNoSpeaker }.map(\.location.line) == [3, 8, 12])
        #expect(plan.files.isEmpty)
    }

    @Test func testItemsNeedAnObjectiveWhenTheModuleHasSeveral() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        let path = TranscriptReaderTests.fixtures + "/aiken-moodle-docs.txt"
        let questions = QuestionFormat.aiken.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: "a.txt").items
        let unnamed = QuestionImport.plan(questions, from: "a.txt", into: module, target: .test)
        #expect(unnamed.diagnostics.map(\.message) ==
                ["name the objective these items assess with --objective (module.plist has greet, background, closing)"])
        let wrong = QuestionImport.plan(questions, from: "a.txt", into: module, target: .test, objective: "greeting")
        #expect(wrong.diagnostics.first?.message == "module.plist has no objective 'greeting'; it has greet, background, closing")

        let plan = QuestionImport.plan(questions, from: "a.txt", into: module, target: .test, objective: "closing")
        try plan.apply()
        let items = try #require(value(module + "/questions/test.plist")?["items"]?.array)
        #expect(items.suffix(2).map { $0["objective"]?.string } == ["closing", "closing"])
        #expect(items.last?["answer"]?.string == "Moodle")
        let again = QuestionImport.plan(questions, from: "a.txt", into: module, target: .test, objective: "closing")
        #expect(again.files.isEmpty && again.diagnostics.map(\.code) == [.importDuplicate, .importDuplicate])
    }

    /// Issue 31, F3: the plan is made, then `questions/` is swapped for a link to a folder outside the module (as
    /// a racing process would, between the check and the write). The write goes nowhere, rather than through it.
    @Test func aFolderSwappedForALinkAfterThePlanIsNotWrittenThrough() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        let path = TranscriptReaderTests.fixtures + "/aiken-moodle-docs.txt"
        let questions = QuestionFormat.aiken.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: "a.txt").items
        let plan = QuestionImport.plan(questions, from: "a.txt", into: module, target: .test, objective: "closing")
        #expect(!plan.files.isEmpty)
        let outside = folder.child("outside")
        try FileManager.default.moveItem(atPath: module + "/questions", toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: module + "/questions", withDestinationPath: outside)
        let before = try Data(contentsOf: URL(fileURLWithPath: outside + "/test.plist"))
        #expect(throws: AtomicFile.Failure.self) { try plan.apply() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside + "/test.plist")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).filter { $0.hasPrefix(".") } == [])
    }

    @Test func qaQuestionsGetThreeRecordedAnswers() throws {
        let folder = TemporaryFolder()
        let module = starter(in: folder)
        let gift = QuestionFormat.gift.read(Array("Where is the bank?{=On Main Street ~At the station ~Next week #Not a place}".utf8),
                                            file: "q.gift").items
        try QuestionImport.plan(gift, from: "q.gift", into: module, target: .qa).apply()
        let added = try #require(value(module + "/questions/qa.plist")?["questions"]?.array?.last)
        #expect(added["id"]?.string == "question-2" && added["audio"]?.string == "qa/question-2.wav")
        let answers = try #require(added["answers"]?.array)
        #expect(answers.map { $0["audio"]?.string } == ["qa/question-2-a.wav", "qa/question-2-b.wav", "qa/question-2-c.wav"])
        #expect(answers.map { $0["correct"] } == [.bool(true), nil, nil])
    }

    @Test func aGlossaryAddsAndUpdatesDefinitions() throws {
        let folder = TemporaryFolder()
        let module = starter(in: folder)
        let entries = GlossaryImport.read(Array("nice to meet you,expression,said when you first meet someone\nqueue,noun,a line of people\n".utf8),
                                          file: "g.csv").items
        let plan = GlossaryImport.plan(entries, from: "g.csv", into: module)
        #expect(plan.report.last == "definitions.plist: 1 added, 1 updated, 0 unchanged")
        try plan.apply()
        let definitions = try #require(value(module + "/definitions.plist"))
        #expect(definitions["queue"]?.string == "(noun) a line of people.")
        #expect(definitions["nice to meet you"]?.string == "(expression) said when you first meet someone.")
    }

    @Test func onlyAModuleFolderTakesAnImport() {
        let folder = TemporaryFolder()
        let plan = GlossaryImport.plan([], from: "g.csv", into: folder.path)
        #expect(plan.diagnostics.map(\.code) == [.importTarget])
        #expect(plan.diagnostics.first?.message.contains("is not a module folder") == true)
    }

    @Test func commentsFollowTheirEntriesThroughAnImportAndTheOrphansAreCounted() throws {
        let folder = TemporaryFolder()
        let module = starter(in: folder)
        try TranscriptImport.plan(TranscriptFormat.plain.read(Array("Ana: One.\nBen: Two.\nAna: Three.\n".utf8),
                                                               file: "a.txt").items, from: "a.txt", into: module).apply()
        let path = module + "/transcript.plist"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\t\t<dict>\n\t\t\t<key>id</key>\n\t\t\t<string>line-02</string>",
                                         with: "\t\t<!-- about two -->\n\t\t<dict>\n\t\t\t<key>id</key>\n\t\t\t<string>line-02</string>")
        text = text.replacingOccurrences(of: "\t\t<dict>\n\t\t\t<key>id</key>\n\t\t\t<string>line-03</string>",
                                         with: "\t\t<!-- about three -->\n\t\t<dict>\n\t\t\t<key>id</key>\n\t\t\t<string>line-03</string>")
        text = text.replacingOccurrences(of: "\t</array>", with: "\t\t<!-- the end -->\n\t</array>")
        try text.write(toFile: path, atomically: true, encoding: .utf8)

        let shorter = TranscriptFormat.plain.read(Array("Ana: One!\nBen: Two!\n".utf8), file: "b.txt").items
        let plan = TranscriptImport.plan(shorter, from: "b.txt", into: module)
        #expect(plan.report.contains("transcript.plist: 1 comment stood beside entries that are gone, and was dropped"))
        let written = try #require(plan.files.first { $0.path == path }?.text)
        #expect(written.contains("<!-- about two -->\n\t\t<dict>\n\t\t\t<key>id</key>\n\t\t\t<string>line-02</string>"))
        #expect(written.contains("</dict>\n\t\t<!-- the end -->\n\t</array>"))
        #expect(!written.contains("about three"))
    }
}
