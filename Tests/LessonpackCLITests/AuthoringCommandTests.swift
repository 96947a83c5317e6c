import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing

@Suite struct AuthoringCommandTests {
    @Test func newThenMediaThenScanThenCheck() throws {
        let folder = TemporaryFolder()
        let created = try LessonpackBinary.run(["new", "greetings", "--title", "Greetings"], in: folder.path)
        #expect(created.status == 0, "\(created.standardError)")
        let module = folder.child("greetings")
        let before = try LessonpackBinary.run(["check", "greetings"], in: folder.path)
        #expect(before.status == 0, "a new module passes check as created: \(before.standardOutput)")
        #expect(before.standardError.contains("warning: the video is still a placeholder (media/conversation.mp4)"))
        #expect(created.standardOutput.contains("To do:\n  1. module.plist"))

        // The author replaces the placeholders with real media.
        for name in ["lines/line-01.wav", "lines/line-02.wav", "qa/question-1.wav", "qa/question-1-a.wav",
                     "qa/question-1-b.wav", "qa/question-1-c.wav"] {
            let seconds = name.hasPrefix("lines/") ? 2.0 : 1.5
            try TestAudio.wav(seconds: seconds).write(to: URL(fileURLWithPath: module + "/media/" + name))
        }
        try FileManager.default.removeItem(atPath: module + "/media/conversation.mp4")
        try FileManager.default.copyItem(atPath: Paths.sampleModule + "/media/conversation.mp4",
                                         toPath: module + "/media/conversation.mp4")
        let scan = try LessonpackBinary.run(["media", "scan", "greetings"], in: folder.path)
        #expect(scan.status == 0)
        #expect(scan.standardOutput.contains("changed media/conversation.mp4"))
        #expect(scan.standardOutput.contains("greetings/media.plist: 7 files"))
        if ExternalTool.find("ffprobe") != nil {
            #expect(try String(contentsOfFile: module + "/media.plist", encoding: .utf8).contains("<real>107.1</real>"))
        }
        let after = try LessonpackBinary.run(["check", "greetings"], in: folder.path)
        #expect(after.status == 0, "\(after.standardOutput)")
        // The media are the author's now; the starter's example texts are still to be written.
        #expect(!after.standardError.contains("[placeholder-media]") && after.standardError.contains("[placeholder-text]"))

        let again = try LessonpackBinary.run(["media", "scan", "greetings"], in: folder.path)
        #expect(again.standardOutput == "greetings/media.plist: 7 files, no changes\n")
    }

    @Test func newRefusesAnOccupiedFolder() throws {
        let folder = TemporaryFolder()
        folder.write("keep", to: "taken/file.txt")
        let result = try LessonpackBinary.run(["new", "taken"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.standardError.contains("taken already exists and is not empty"))
    }
}
