import Foundation
import LessonpackTestSupport
import Testing

@Suite struct ImportCommandTests {
    let fixtures = Paths.inPackage("Tests/LessonpackAuthoringTests/Fixtures/import")

    @Test func aFileWithProblemsWritesNothingAndADryRunWritesNothing() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.inPackage("Templates/starter"), as: "module")
        let before = try String(contentsOfFile: module + "/transcript.plist", encoding: .utf8)

        let refused = try LessonpackBinary.run(["import", "transcript", fixtures + "/subrip-wikipedia.srt", "--into", module])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("subrip-wikipedia.srt:3:1: error: no speaker for"))
        #expect(refused.standardOutput.hasSuffix("nothing was written: 3 errors, 0 warnings\n"))

        let dry = try LessonpackBinary.run(["import", "transcript", fixtures + "/subrip-wikipedia.srt", "--into", module,
                                            "--speaker", "Pilot", "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.standardOutput.contains("dry run: would write \(module)/transcript.plist, \(module)/module.plist"))
        #expect(try String(contentsOfFile: module + "/transcript.plist", encoding: .utf8) == before)
    }

    @Test func whatCheckSaysAfterAnImportIsAboutMediaAndContentNotTheImport() throws {
        let folder = TemporaryFolder()
        #expect(try LessonpackBinary.run(["new", "module"], in: folder.path).status == 0)
        let module = folder.child("module")
        let transcript = try LessonpackBinary.run(["import", "transcript", fixtures + "/webvtt-spec-interview.vtt",
                                                   "--into", module])
        #expect(transcript.status == 0, "\(transcript.standardOutput)")
        #expect(transcript.standardOutput.contains("wrote \(module)/transcript.plist, \(module)/module.plist"))
        let questions = try LessonpackBinary.run(["import", "questions", fixtures + "/gift-moodle-examples.txt",
                                                  "--into", module])
        #expect(questions.status == 0)
        #expect(questions.standardOutput.contains("questions/test.plist: 12 added, 14 in all"))
        let glossary = try LessonpackBinary.run(["import", "glossary", fixtures + "/glossary-spreadsheet.tsv", "--into", module])
        #expect(glossary.status == 0)

        // What check says next is about the module, not the import: the media the new lines need, the overlaps
        // the interview has on purpose, lines past the starter's six-second placeholder video, and terms nobody
        // highlights yet; and the starter's placeholders that no import replaced (its video, its question).
        let check = try LessonpackBinary.run(["check", module, "--format", "json"])
        let report = try JSONSerialization.jsonObject(with: Data(check.standardOutput.utf8)) as? [String: Any]
        let diagnostics = try #require(report?["diagnostics"] as? [[String: Any]])
        let codes = Set(diagnostics.compactMap { $0["code"] as? String })
        #expect(codes == ["media-not-in-manifest", "timing-beyond-video", "timing-overlap", "unused-definition", "unused-speaker",
                          "placeholder-media", "placeholder-text"])
    }
}
