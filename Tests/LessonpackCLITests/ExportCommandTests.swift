import Foundation
import LessonpackTestSupport
import Testing

@Suite struct ExportCommandTests {
    let fixtures = Paths.inPackage("Tests/LessonpackAuthoringTests/Fixtures/import")

    @Test func questionsGoToStandardOutputOrAtomicallyToAFile() throws {
        let all = try LessonpackBinary.run(["export", "questions", Paths.sampleModule])
        #expect(all.status == 0)
        #expect(all.standardOutput.hasPrefix("// job-interview: "))
        #expect(all.standardOutput.contains("$CATEGORY: job-interview/test") && all.standardOutput.contains("::q7::"))
        #expect(all.standardError == "exported 30 test items and 7 Q&A questions from \(Paths.sampleModule)\n")

        let folder = TemporaryFolder()
        let file = folder.child("qa.gift")
        let written = try LessonpackBinary.run(["export", "questions", Paths.sampleModule, "--from", "qa", "-o", file])
        #expect(written.status == 0)
        #expect(written.standardOutput == "wrote \(file): 7 Q&A questions\n")
        let dash = try LessonpackBinary.run(["export", "questions", Paths.sampleModule, "--from", "qa", "-o", "-"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == dash.standardOutput)

        let wrong = try LessonpackBinary.run(["export", "questions", Paths.sampleModule, "--from", "everything"])
        #expect(wrong.status == 2)
    }

    @Test func subtitlesGoOutAsWebVTTOrSubRipAndComeBackAsTheSameTranscript() throws {
        let vtt = try LessonpackBinary.run(["export", "subtitles", Paths.sampleModule])
        #expect(vtt.status == 0)
        #expect(vtt.standardOutput.hasPrefix("WEBVTT\n\nl01\n00:00:00.500 --> 00:00:03.589\n<v Helen Clarke>Good morning."))
        #expect(vtt.standardOutput.components(separatedBy: " --> ").count - 1 == 21)
        #expect(vtt.standardError == "exported 21 cues from \(Paths.sampleModule)\n")

        let folder = TemporaryFolder()
        let srt = folder.child("interview.srt")
        let written = try LessonpackBinary.run(["export", "subtitles", Paths.sampleModule, "-o", srt])
        #expect(written.status == 0 && written.standardOutput == "wrote \(srt): 21 cues\n", "\(written.standardError)")
        let text = try String(contentsOfFile: srt, encoding: .utf8)
        #expect(text.hasPrefix("1\n00:00:00,500 --> 00:00:03,589\nHelen Clarke: Good morning. You must be David Moore.\n\n2\n"))
        let chosen = try LessonpackBinary.run(["export", "subtitles", Paths.sampleModule, "--to", "srt"])
        #expect(chosen.standardOutput == text)

        // Read back by the transcript importer, either format is the transcript it came from.
        for file in [srt, folder.write(vtt.standardOutput, to: "interview.vtt")] {
            let module = folder.copy(Paths.sampleModule, as: "module-\(URL(fileURLWithPath: file).pathExtension)")
            let back = try LessonpackBinary.run(["import", "transcript", file, "--into", module])
            #expect(back.status == 0 && back.standardOutput.contains("nothing to change"), "\(file): \(back.standardOutput)")
        }
        let json = try LessonpackBinary.run(["export", "subtitles", Paths.sampleModule, "--format", "json"])
        #expect(json.standardOutput.contains(#""cues" : 21"#) && json.standardOutput.contains(#""untimedLines" : 0"#))
    }

    @Test func theGlossaryGoesOutAsCSVOrForAnkiAndComesBackTheSame() throws {
        let csv = try LessonpackBinary.run(["export", "glossary", Paths.sampleModule])
        #expect(csv.status == 0)
        #expect(csv.standardOutput.hasPrefix("term,part of speech,definition\nnice to meet you,expression,a polite greeting"))
        #expect(csv.standardOutput.split(separator: "\n").count == 19)
        #expect(csv.standardError == "exported 18 definitions from \(Paths.sampleModule)\n")

        let folder = TemporaryFolder()
        let anki = folder.child("interview.txt")
        let written = try LessonpackBinary.run(["export", "glossary", Paths.sampleModule, "-o", anki])
        #expect(written.status == 0 && written.standardOutput == "wrote \(anki): 18 definitions\n", "\(written.standardError)")
        let text = try String(contentsOfFile: anki, encoding: .utf8)
        #expect(text.hasPrefix("#separator:tab\n#html:false\n#notetype:Basic\n#deck:Introducing yourself at a job interview\n" +
                               "#columns:Front\tBack\nnice to meet you\t(expression) a polite greeting"))

        for file in [anki, folder.write(csv.standardOutput, to: "interview.csv")] {
            let module = folder.copy(Paths.sampleModule, as: "glossary-\(URL(fileURLWithPath: file).pathExtension)")
            let back = try LessonpackBinary.run(["import", "glossary", file, "--into", module])
            #expect(back.status == 0 && back.standardOutput.contains("18 unchanged"), "\(file): \(back.standardOutput)")
        }
        let json = try LessonpackBinary.run(["export", "glossary", Paths.sampleModule, "--to", "anki", "--format", "json"])
        #expect(json.standardOutput.contains(#""definitions" : 18"#) && json.standardOutput.contains(#""documentFormat" : "anki""#))
    }

    @Test func aModuleWithErrorsIsRefusedAndNothingIsWritten() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        let test = module + "/questions/test.plist"
        let text = try String(contentsOfFile: test, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "<key>draw</key>", with: "<key>draw</key").utf8)
            .write(to: URL(fileURLWithPath: test))
        let output = folder.child("out.gift")
        let refused = try LessonpackBinary.run(["export", "questions", module, "-o", output])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("\(test):"))
        #expect(refused.standardError.hasSuffix("nothing was exported: 1 error, 0 warnings\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aMoodleExportGoesInAndComesBackOutAsGIFT() throws {
        let folder = TemporaryFolder()
        #expect(try LessonpackBinary.run(["new", "module"], in: folder.path).status == 0)
        let module = folder.child("module")
        let imported = try LessonpackBinary.run(["import", "questions", fixtures + "/moodle-4-export.xml", "--into", module])
        #expect(imported.status == 0, "\(imported.standardOutput)")
        #expect(imported.standardError.contains("moodle-4-export.xml:180:49: warning: an image in the question"))
        #expect(imported.standardOutput.contains("questions/test.plist: 4 added, 6 in all"))

        let gift = folder.child("module.gift")
        #expect(try LessonpackBinary.run(["export", "questions", module, "--from", "test", "-o", gift]).status == 0)
        #expect(try LessonpackBinary.run(["new", "again"], in: folder.path).status == 0)
        try FileManager.default.removeItem(atPath: folder.child("again/questions/test.plist"))
        let again = try LessonpackBinary.run(["import", "questions", gift, "--into", folder.child("again")])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("questions/test.plist: 6 added, 6 in all"))
        #expect(try String(contentsOfFile: folder.child("again/questions/test.plist"), encoding: .utf8)
                .contains("<string>A croissant &amp; jam</string>"))
    }

    /// The sample's test bank as Moodle XML (chosen by the file's extension) comes back as the same questions;
    /// as Aiken, its statements are left out, each said where it is written.
    @Test func questionsGoOutAsMoodleXMLOrAikenAndComeBack() throws {
        let folder = TemporaryFolder()
        let xml = folder.child("bank.xml")
        let written = try LessonpackBinary.run(["export", "questions", Paths.sampleModule, "--from", "test", "-o", xml])
        #expect(written.status == 0 && written.standardOutput == "wrote \(xml): 30 test items\n", "\(written.standardError)")
        #expect(try String(contentsOfFile: xml, encoding: .utf8).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n"))
        let module = folder.copy(Paths.sampleModule, as: "module")
        try FileManager.default.removeItem(atPath: module + "/questions/test.plist")
        let back = try LessonpackBinary.run(["import", "questions", xml, "--into", module, "--objective", "greet"])
        #expect(back.status == 0 && back.standardOutput.contains("questions/test.plist: 30 added, 30 in all"),
                "\(back.standardOutput)\(back.standardError)")
        // Item for item, as GIFT says them: texts, kinds, choices, the right answers and explanations. (An import
        // numbers the items it adds, and gives them its --objective: Moodle keeps the objective as a tag.)
        func questionLines(_ module: String) throws -> [String] {
            let gift = try LessonpackBinary.run(["export", "questions", module, "--from", "test"])
            #expect(gift.status == 0, "\(gift.standardError)")
            return gift.standardOutput.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("//") }.map { line in
                guard line.hasPrefix("::"), let end = line.dropFirst(2).range(of: "::") else { return line }
                return String(line[end.upperBound...])
            }
        }
        let original = try questionLines(Paths.sampleModule)
        #expect(original.count > 60)
        #expect(try questionLines(module) == original)

        let aiken = try LessonpackBinary.run(["export", "questions", Paths.sampleModule, "--to", "aiken", "--from", "test"],
                                             environment: ["NO_COLOR": "1"])
        #expect(aiken.status == 0, "\(aiken.standardError)")
        let statements = original.count { $0.contains("{TRUE") || $0.contains("{FALSE") }
        #expect(statements > 0)
        #expect(aiken.standardError.components(separatedBy: "[export-left-out]").count - 1 == statements)
        #expect(aiken.standardError.contains("questions/test.plist:"))
        #expect(aiken.standardOutput.components(separatedBy: "\nANSWER: ").count - 1 == 30 - statements)
        #expect(aiken.standardError.hasSuffix("exported \(30 - statements) test items from \(Paths.sampleModule)\n"))
    }
}
