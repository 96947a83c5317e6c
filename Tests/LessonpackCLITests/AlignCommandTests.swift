import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// `lessonpack align` as a teacher runs it: a new module, a typed transcript imported, the video recorded by
/// scripts/generate-lesson-recording (festival's voices, a room's echo, noise), then the lines timed from it.
@Suite struct AlignCommandTests {
    static let transcript = """
        Helen: Good morning. You must be David Moore.
        David: Yes, that's right. Nice to meet you.
        Helen: Please, have a seat. Did you find us easily?
        David: Yes, I took the bus from the station.
        """

    struct Truth: Decodable {
        struct Line: Decodable { var start: Double; var end: Double }
        var lines: [Line]
    }

    /// A module holding the transcript's lines and, as its video, the recording of them; and the recording's truth.
    static func moduleWithRecording(in folder: TemporaryFolder) async throws -> (module: String, truth: Truth) {
        for tool in ["python3", "text2wave", "sox", "ffmpeg", "espeak-ng"] {
            _ = try #require(ExternalTool.find(tool), "\(tool) is needed to record and align the conversation; scripts/setup installs it")
        }
        #expect(try await LessonpackBinary.run(["new", "interview"], in: folder.path).status == 0)
        let module = folder.child("interview")
        // The starter's two sample lines go, so the transcript is exactly the recording's lines.
        let transcriptPlist = module + "/transcript.plist"
        let starter = try String(contentsOfFile: transcriptPlist, encoding: .utf8)
        let emptied = try #require(starter.range(of: "<array>")).lowerBound
        let end = try #require(starter.range(of: "</array>", options: .backwards)).upperBound
        try (starter[..<emptied] + "<array/>" + starter[end...]).write(toFile: transcriptPlist, atomically: true, encoding: .utf8)
        let text = folder.write(transcript + "\n", to: "interview.txt")
        let imported = try await LessonpackBinary.run(["import", "transcript", text, "--into", module])
        try #require(imported.status == 0, "\(imported.standardOutput)\(imported.standardError)")

        let script = ExternalTool(name: "generate-lesson-recording", path: Paths.inPackage("scripts/generate-lesson-recording"))
        let recorded = try await script.run([text, folder.child("recording")], timeout: 300)
        try #require(recorded.succeeded, "generate-lesson-recording failed: \(recorded.errorText)")
        try FileManager.default.removeItem(atPath: module + "/media/conversation.mp4")
        try FileManager.default.copyItem(atPath: folder.child("recording/conversation.mp4"), toPath: module + "/media/conversation.mp4")
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: folder.child("recording/truth.json"))))
        return (module, truth)
    }

    @Test func timesTheLinesCutsTheirClipsAndKeepsTheComments() async throws {
        let folder = TemporaryFolder()
        let (module, truth) = try await Self.moduleWithRecording(in: folder)
        let transcriptPlist = module + "/transcript.plist"
        let before = try String(contentsOfFile: transcriptPlist, encoding: .utf8)

        let dry = try await LessonpackBinary.run(["align", module, "--dry-run"])
        #expect(dry.status == 0, "\(dry.standardOutput)\(dry.standardError)")
        #expect(dry.standardOutput.contains("dry run: would write"))
        #expect(try String(contentsOfFile: transcriptPlist, encoding: .utf8) == before)
        #expect(!FileManager.default.fileExists(atPath: module + "/media/lines/line-01.opus"))

        let run = try await LessonpackBinary.run(["align", module, "--format", "json"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(report["command"] as? String == "align")
        #expect(report["written"] as? Bool == true)
        let lines = try #require(report["lines"] as? [[String: Any]])
        try #require(lines.count == truth.lines.count)
        for (line, real) in zip(lines, truth.lines) {
            let start = try #require(line["start"] as? Double), end = try #require(line["end"] as? Double)
            #expect(abs(start - real.start) <= 0.2 && abs(end - real.end) <= 0.2, "\(line) against \(real)")
        }

        let after = try String(contentsOfFile: transcriptPlist, encoding: .utf8)
        #expect(after.contains("<string>lines/line-01.opus</string>"))
        #expect(after.contains("<!--"), "the transcript's comments are kept")
        for id in ["line-01", "line-02", "line-03", "line-04"] {
            let clip = module + "/media/lines/\(id).opus"
            #expect(FileManager.default.fileExists(atPath: clip), "no clip \(clip)")
        }
        let media = try String(contentsOfFile: module + "/media.plist", encoding: .utf8)
        #expect(media.contains("lines/line-04.opus"))

        // Aligning again changes nothing in the transcript.
        let again = try await LessonpackBinary.run(["align", module])
        #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
        #expect(try String(contentsOfFile: transcriptPlist, encoding: .utf8) == after)

        // With a line the video holds taken out of the transcript, the others cannot all fit: a warning says which
        // line to check, where it is written, and the times are still written.
        var parts = after.components(separatedBy: "<dict>")
        try #require(parts.count == 6, "the file's own <dict>, then one per line")
        parts.remove(at: 4)
        try parts.joined(separator: "<dict>").write(toFile: transcriptPlist, atomically: true, encoding: .utf8)
        let misfit = try await LessonpackBinary.run(["align", module, "--dry-run"])
        #expect(misfit.status == 0, "\(misfit.standardOutput)\(misfit.standardError)")
        #expect(misfit.standardError.contains("[uncertain-timing]"), "\(misfit.standardError)")
        #expect(misfit.standardError.contains("transcript.plist:"), "the warning names the line's place")
        #expect(misfit.standardOutput.contains("check it in the studio"))

        // Written, the doubt stays with the line: check lists it when the module is opened again.
        let written = try await LessonpackBinary.run(["align", module])
        #expect(written.status == 0 && written.standardError.contains("[uncertain-timing]"), "\(written.standardError)")
        #expect(try String(contentsOfFile: transcriptPlist, encoding: .utf8).contains("<key>uncertainTiming</key>"))
        let check = try await LessonpackBinary.run(["check", module])
        #expect(check.standardError.contains("may be wrong") && check.standardError.contains("[uncertain-timing]"),
                "\(check.standardOutput)")
    }

    @Test func withoutAVideoNothingIsWritten() async throws {
        let folder = TemporaryFolder()
        #expect(try await LessonpackBinary.run(["new", "empty"], in: folder.path).status == 0)
        let module = folder.child("empty")
        let transcript = try String(contentsOfFile: module + "/transcript.plist", encoding: .utf8)

        let missing = try await LessonpackBinary.run(["align", module, "--video", folder.child("nowhere.mp4")])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("[align-no-video]"), "\(missing.standardError)")
        #expect(missing.standardOutput.contains("nothing was written"))

        let json = try await LessonpackBinary.run(["align", module, "--video", folder.child("nowhere.mp4"), "--format", "json"])
        #expect(json.status == 1)
        #expect(json.standardOutput.contains("\"align-no-video\""))
        #expect(try String(contentsOfFile: module + "/transcript.plist", encoding: .utf8) == transcript)
        #expect(!FileManager.default.fileExists(atPath: module + "/media/lines/line-01.opus"))

        let notAModule = try await LessonpackBinary.run(["align", folder.path])
        #expect(notAModule.status == 1)
        #expect(notAModule.standardError.contains("[align-target]"), "\(notAModule.standardError)")
    }
}
