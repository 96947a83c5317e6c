import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// `lessonpack new --from`, `import lesson` and `export lesson` as a teacher runs them: a lesson written in each
/// convention (Markdown, a Word document, an OpenDocument one, plain text) becomes a module that checks without an
/// error, holds the document's content and builds; a broken document is refused at its place and leaves nothing.
@Suite struct LessonCommandTests {
    static let lessons = Paths.inPackage("Tests/LessonpackAuthoringTests/Fixtures/lessons")

    /// The fixture as its word processor would save it, made by pandoc (no binary files in the repository).
    static func convert(_ source: String, to target: String) throws {
        let pandoc = try #require(ExternalTool.find("pandoc"), "pandoc is not installed: scripts/setup installs it")
        let output = try pandoc.run(["--from", "markdown-smart", "--output", target, source])
        try #require(output.succeeded, "pandoc: \(output.errorText)")
    }

    func exported(_ module: String) throws -> String {
        let export = try LessonpackBinary.run(["export", "lesson", module])
        try #require(export.status == 0, "\(export.standardError)")
        return export.standardOutput
    }

    @Test func aLessonInEveryConventionBecomesAModuleThatChecksAndBuilds() throws {
        let folder = TemporaryFolder()
        try Self.convert(Self.lessons + "/station-word.md", to: folder.child("station.docx"))
        try Self.convert(Self.lessons + "/station-odt.md", to: folder.child("station.odt"))
        let documents = [Self.lessons + "/station.md", folder.child("station.docx"), folder.child("station.odt"),
                         Self.lessons + "/station.txt"]
        var exports: [String] = []
        for (index, document) in documents.enumerated() {
            let module = folder.child("module-\(index)")
            let created = try LessonpackBinary.run(["new", module, "--id", "at-the-station", "--from", document])
            #expect(created.status == 0, "\(document): \(created.standardOutput)\(created.standardError)")
            #expect(created.standardOutput.contains("8 transcript lines, 5 glossary entries, 1 language focus box, " +
                                                    "10 video task statements, 3 questions, 6 test items"))
            let check = try LessonpackBinary.run(["check", "--format", "json", module])
            #expect(check.status == 0, "\(document): \(check.standardOutput)")
            #expect(!check.standardOutput.contains("\"severity\" : \"error\"") && !check.standardOutput.contains("\"severity\":\"error\""))
            let build = try LessonpackBinary.run(["build", module, "-o", folder.child("dist-\(index)")])
            #expect(build.status == 0, "\(document): \(build.standardError)")
            exports.append(try exported(module))
        }
        // Each convention says the same lesson, so each module is the same.
        #expect(Set(exports).count == 1)
        #expect(exports[0].contains("Mia: A **return ticket** to Oxford, please."))
    }

    @Test func theExampleLessonMakesAWholeModule() throws {
        let folder = TemporaryFolder()
        let module = folder.child("at-the-cafe")
        let example = Paths.inPackage("Templates/lessons/at-the-cafe.md")
        let created = try LessonpackBinary.run(["new", module, "--from", example, "--speak"])
        #expect(created.status == 0, "\(created.standardOutput)\(created.standardError)")
        #expect(created.standardOutput.contains("14 transcript lines, 10 glossary entries, 2 language focus boxes, " +
                                                "10 video task statements, 5 questions, 30 test items"))
        #expect(created.standardOutput.contains("20 question and answer clips spoken by espeak-ng for now"))
        let check = try LessonpackBinary.run(["check", module])
        #expect(check.status == 0, "\(check.standardOutput)")
        // The to-do list: the starter's grey video, the lines' quiet clips, the questions spoken by espeak-ng, and
        // no example text of the starter's (the document replaced every part).
        #expect(!check.standardOutput.contains("[placeholder-text]"))
        #expect(check.standardOutput.contains("the recording of question 'q1' is still a placeholder"))
        #expect(check.standardOutput.contains("the clip of line 'l14' is still a placeholder"))
        #expect(!check.standardOutput.contains(": error:") && check.standardOutput.contains(": 0 errors"))
        // Written back out, the module is the document again, but for what a document leaves to the writer
        // (the glossary as a table, instructions not kept).
        let markdown = try exported(module)
        #expect(markdown.hasPrefix("# Ordering at a café\n\nLevel: A2\n\n"))
        #expect(markdown.contains("11. Complete the request: \"I'd ___ a croissant, please.\"\n\n    a) like ✓"))
    }

    @Test func anExportedLessonImportsAsTheSameModule() throws {
        let folder = TemporaryFolder()
        let module = folder.child("module")
        let sample = Paths.sampleModule
        for format in ["md", "docx", "odt"] {
            let document = folder.child("job-interview.\(format)")
            let export = try LessonpackBinary.run(["export", "lesson", sample, "-o", document])
            #expect(export.status == 0, "\(export.standardError)")
            try? FileManager.default.removeItem(atPath: module)
            let created = try LessonpackBinary.run(["new", module, "--from", document])
            #expect(created.status == 0, "\(format): \(created.standardOutput)")
            #expect(try exported(module) == exported(sample), "\(format): the round trip changed the lesson")
            // Brought in again, nothing changes.
            let again = try LessonpackBinary.run(["import", "lesson", document, "--into", module])
            #expect(again.status == 0 && again.standardOutput.contains("nothing to change"), "\(again.standardOutput)")
        }
    }

    @Test func aBrokenDocumentIsRefusedAtItsPlaceAndNothingIsWritten() throws {
        let folder = TemporaryFolder()
        let text = try String(contentsOfFile: Self.lessons + "/station.md", encoding: .utf8)
            .replacingOccurrences(of: "   c) £22 ✓", with: "   c) £22")
        let broken = folder.write(text, to: "broken.md")
        let module = folder.child("module")
        let refused = try LessonpackBinary.run(["new", module, "--from", broken])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("broken.md:90:4: error: question 2 has no answer marked right: mark it with ✓ [lesson-syntax]"))
        #expect(refused.standardOutput.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: module))

        try Self.convert(broken, to: folder.child("broken.docx"))
        let word = try LessonpackBinary.run(["new", module, "--from", folder.child("broken.docx")])
        #expect(word.status == 1)
        #expect(word.standardOutput.contains("broken.docx: error: paragraph "))
        #expect(word.standardOutput.contains("(\u{201C}How much is the ticket?\u{201D}): question 2 has no answer marked right"))
        #expect(!FileManager.default.fileExists(atPath: module))

        // Into an existing module: refused the same way, and the module is left as it was.
        let existing = try LessonpackBinary.run(["new", module, "--from", Self.lessons + "/station.md"])
        try #require(existing.status == 0)
        let before = try exported(module)
        let into = try LessonpackBinary.run(["import", "lesson", broken, "--into", module])
        #expect(into.status == 1 && into.standardOutput.contains("nothing was written"))
        #expect(try exported(module) == before)
    }
}
