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

    /// "0:07.928", or a number of seconds.
    static func seconds(_ value: Any?) -> Double? {
        if let number = value as? Double { return number }
        guard let text = value as? String, let colon = text.firstIndex(of: ":"),
              let minutes = Double(text[..<colon]), let rest = Double(text[text.index(after: colon)...]) else { return nil }
        return minutes * 60 + rest
    }

    /// The teacher's two things: the lesson, in each convention, and a video of the conversation in voices that are
    /// not espeak-ng's (festival's, with room echo and noise at 20 dB SNR, made from text by a script). Every line
    /// is timed within the alignment goal's bound (no boundary off by more than 200 ms; the median and 90th
    /// percentile goals are bench/align's to measure) and has its clip, and the module checks and builds.
    @Test func aLessonAndItsVideoBecomeATimedModule() throws {
        let folder = TemporaryFolder()
        let made = try LessonpackBinary.runTool(Paths.inPackage("scripts/generate-lesson-recording"),
                                                [Self.lessons + "/station-conversation.txt", folder.child("video")],
                                                timeout: 300)
        try #require(made.status == 0, "the test recording could not be made: \(made.standardError)")
        let truthData = try Data(contentsOf: URL(fileURLWithPath: folder.child("video/truth.json")))
        let truth = try #require((try JSONSerialization.jsonObject(with: truthData) as? [String: Any])?["lines"] as? [[String: Any]])
        try Self.convert(Self.lessons + "/station-word.md", to: folder.child("station.docx"))
        try Self.convert(Self.lessons + "/station-odt.md", to: folder.child("station.odt"))
        let documents = [Self.lessons + "/station.md", folder.child("station.docx"), folder.child("station.odt"),
                         Self.lessons + "/station.txt"]
        for (index, document) in documents.enumerated() {
            let module = folder.child("module-\(index)")
            let created = try LessonpackBinary.run(["new", module, "--from", document, "--video",
                                                    folder.child("video/conversation.mp4")], timeout: 300)
            #expect(created.status == 0, "\(document): \(created.standardOutput)\(created.standardError)")
            #expect(created.standardOutput.contains("aligned 8 lines with"))
            let check = try LessonpackBinary.run(["check", module])
            #expect(check.status == 0 && check.standardOutput.contains(": 0 errors"), "\(check.standardOutput)")
            // The video is the teacher's, and every line has its own clip: no placeholder but the questions'.
            #expect(!check.standardError.contains("the video is still a placeholder"))
            #expect(!check.standardError.contains("the clip of line"))

            let json = try LessonpackBinary.run(["plist", "convert", "--to", "json", module + "/transcript.plist"])
            let transcript = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
            let lines = try #require(transcript?["lines"] as? [[String: Any]])
            try #require(lines.count == truth.count)
            for (line, expected) in zip(lines, truth) {
                let id = line["id"] as? String ?? "?"
                let start = try #require(Self.seconds(line["start"])), end = try #require(Self.seconds(line["end"]))
                let trueStart = try #require(expected["start"] as? Double), trueEnd = try #require(expected["end"] as? Double)
                #expect(abs(start - trueStart) <= 0.2, "\(document): \(id) starts at \(start), spoken from \(trueStart)")
                #expect(abs(end - trueEnd) <= 0.2, "\(document): \(id) ends at \(end), spoken until \(trueEnd)")
                #expect(line["audio"] as? String == "lines/\(id).opus")
                #expect(FileManager.default.fileExists(atPath: module + "/media/lines/\(id).opus"))
            }
            let build = try LessonpackBinary.run(["build", module, "-o", folder.child("dist-\(index)")])
            #expect(build.status == 0, "\(document): \(build.standardError)")
        }
    }

    /// A module made from the document alone has quiet stand-in clips; once the video is in, `align` replaces them
    /// with the real lines' clips and removes the stand-ins, so nothing is left unused.
    @Test func aVideoAddedLaterReplacesThePlaceholderClips() throws {
        let folder = TemporaryFolder()
        let module = folder.child("station")
        let created = try LessonpackBinary.run(["new", module, "--from", Self.lessons + "/station.md"])
        try #require(created.status == 0, "\(created.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: module + "/media/lines/l01.wav"))
        let made = try LessonpackBinary.runTool(Paths.inPackage("scripts/generate-lesson-recording"),
                                                [Self.lessons + "/station-conversation.txt", folder.child("video")],
                                                timeout: 300)
        try #require(made.status == 0, "the test recording could not be made: \(made.standardError)")
        try FileManager.default.removeItem(atPath: module + "/media/conversation.mp4")
        try FileManager.default.copyItem(atPath: folder.child("video/conversation.mp4"), toPath: module + "/media/conversation.mp4")
        #expect(try LessonpackBinary.run(["media", "scan", module]).status == 0)

        let aligned = try LessonpackBinary.run(["align", module], timeout: 300)
        #expect(aligned.status == 0, "\(aligned.standardOutput)\(aligned.standardError)")
        #expect(aligned.standardOutput.contains("8 placeholder clips replaced and removed"))
        #expect(!FileManager.default.fileExists(atPath: module + "/media/lines/l01.wav"))
        #expect(FileManager.default.fileExists(atPath: module + "/media/lines/l01.opus"))
        let check = try LessonpackBinary.run(["check", module])
        #expect(check.status == 0 && check.standardOutput.contains(": 0 errors"), "\(check.standardOutput)")
        #expect(!check.standardError.contains("[unused-media]") && !check.standardError.contains("the clip of line"))
        #expect(!check.standardError.contains("the video is still a placeholder"), "the teacher's video replaced the starter's")
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
        #expect(!check.standardError.contains("[placeholder-text]"))
        #expect(check.standardError.contains("the recording of question 'q1' is still a placeholder"))
        #expect(check.standardError.contains("the clip of line 'l14' is still a placeholder"))
        #expect(!check.standardError.contains(": error:") && check.standardOutput.contains(": 0 errors"))
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
        #expect(refused.standardError.contains("broken.md:90:4: error: question 2 has no answer marked right: mark it with ✓ [lesson-syntax]"),
                "\(refused.standardError)")
        #expect(refused.standardOutput.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: module))

        try Self.convert(broken, to: folder.child("broken.docx"))
        let word = try LessonpackBinary.run(["new", module, "--from", folder.child("broken.docx")])
        #expect(word.status == 1)
        #expect(word.standardError.contains("broken.docx: error: paragraph ") &&
                word.standardError.contains("(\u{201C}How much is the ticket?\u{201D}): question 2 has no answer marked right"),
                "\(word.standardError)")
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
