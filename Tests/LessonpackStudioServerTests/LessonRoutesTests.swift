import Foundation
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio
@testable import LessonpackStudioServer

/// Issue 28's routes on the wire: New module from a document, a lesson under Import, Speak it for now. What the
/// browser sends is never trusted: a folder name that tries to leave the studio's folder, a file of the wrong kind,
/// an oversize body and a document with a mistake all make nothing.
@Suite(.serialized) struct LessonRoutesTests {
    private let token = ["X-Lessonpack-Token": "t0ken"]
    private let lesson = Array(FileManager.default.contents(atPath: Paths.inPackage("Templates/lessons/at-the-cafe.md")) ?? Data())

    /// A studio in an empty folder (`sample`: with a copy of the sample module open as key 0).
    private func withServer(sample: Bool = false, _ body: (RawHTTP, String) async throws -> Void) async throws {
        let temporary = TemporaryFolder()
        let folders = sample ? [temporary.copy(Paths.sampleModule, as: "job-interview")] : []
        let studio = try Studio(folders: folders, workingFolder: temporary.path, outputFolder: temporary.child("dist"))
        try await RawHTTP.serving(studio) { http in try await body(http, temporary.path) }
    }

    private func object(_ response: RawHTTP.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func aModuleIsMadeFromTheDocumentInTheStudiosFolder() async throws {
        #expect(!lesson.isEmpty)
        try await withServer { http, folder in
            let made = try await http.send("POST", "/api/modules/from-lesson?name=at-the-cafe&document=at-the-cafe.md",
                                     headers: token, body: lesson)
            #expect(made.status == 201, "\(made.text)")
            let entry = try #require(try object(made)["entry"] as? [String: Any])
            #expect(entry["errors"] as? Int == 0 && entry["title"] as? String == "Ordering at a café")
            let transcript = try PropertyListSerialization.propertyList(
                from: Data(contentsOf: URL(fileURLWithPath: folder + "/at-the-cafe/transcript.plist")), format: nil)
            #expect(((transcript as? [String: Any])?["lines"] as? [Any])?.count == 14)
            // It is open at once, under the next key.
            #expect(try await http.send("GET", "/api/modules/0", headers: token).status == 200)
            // The same name again: the folder exists, and nothing is overwritten.
            #expect(try await http.send("POST", "/api/modules/from-lesson?name=at-the-cafe&document=at-the-cafe.md",
                                  headers: token, body: lesson).status == 409)
        }
    }

    /// Time lines from the video: refused in the page's words while the video is the starter's silent stand-in;
    /// once the teacher's video is in, every line is timed and gets its clip, and the stand-ins go.
    @Test func timeLinesFromTheVideo() async throws {
        let lessons = Paths.inPackage("Tests/LessonpackAuthoringTests/Fixtures/lessons")
        let station = Array(FileManager.default.contents(atPath: lessons + "/station.md") ?? Data())
        try await withServer { http, folder in
            let made = try await http.send("POST", "/api/modules/from-lesson?name=station&document=station.md",
                                           headers: token, body: station)
            try #require(made.status == 201, "\(made.text)")
            let silent = try await http.send("POST", "/api/modules/0/align", headers: token)
            #expect(silent.status >= 400 && silent.text.contains(#""code":"cannot-align""#), "\(silent.text)")
            #expect(silent.text.contains("upload your filmed conversation under Media"), "\(silent.text)")
            #expect(!silent.text.contains("--video"))

            let recording = try await ExternalTool(name: "generate-lesson-recording",
                                                   path: Paths.inPackage("scripts/generate-lesson-recording"))
                .run([lessons + "/station-conversation.txt", folder + "/recording"], timeout: 300)
            try #require(recording.succeeded, "the test recording could not be made: \(recording.errorText)")
            try FileManager.default.removeItem(atPath: folder + "/station/media/conversation.mp4")
            try FileManager.default.copyItem(atPath: folder + "/recording/conversation.mp4",
                                             toPath: folder + "/station/media/conversation.mp4")
            #expect(try await http.send("POST", "/api/modules/0/media/scan", headers: token).status == 200)

            let timed = try await http.send("POST", "/api/modules/0/align", headers: token)
            try #require(timed.status == 200, "\(timed.text)")
            let answer = try object(timed)
            let counts = try #require(answer["timed"] as? [String: Any])
            #expect(counts["timed"] as? Int == 8 && counts["placeholdersRemoved"] as? Int == 8)
            let module = try #require(answer["module"] as? [String: Any])
            let lines = try #require(module["transcript"] as? [[String: Any]])
            #expect(lines.map { $0["audio"] as? String } == (1...8).map { "lines/l0\($0).opus" })
            #expect(FileManager.default.fileExists(atPath: folder + "/station/media/lines/l08.opus"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/station/media/lines/l08.wav"))
            let diagnostics = answer["diagnostics"] as? [[String: Any]] ?? []
            #expect(!diagnostics.contains { ($0["message"] as? String ?? "").hasPrefix("Still a silent stand-in clip") })

            // Not a step of the history: an Undo would name the stand-ins it removed.
            #expect(answer["canUndo"] as? Bool == false)

            // New module from a document with its video: made timed at once, each line with its clip.
            let video = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/recording/conversation.mp4")))
            let staged = try await http.send("POST", "/api/staged-videos?name=conversation.mp4", headers: token, body: video)
            try #require(staged.status == 201, "\(staged.text)")
            let key = try #require(try object(staged)["video"] as? String)
            let withVideo = try await http.send("POST", "/api/modules/from-lesson?name=timed&document=station.md&video=\(key)",
                                                headers: token, body: station)
            try #require(withVideo.status == 201, "\(withVideo.text)")
            let transcript = try PropertyListSerialization.propertyList(
                from: Data(contentsOf: URL(fileURLWithPath: folder + "/timed/transcript.plist")), format: nil)
            let written = try #require((transcript as? [String: Any])?["lines"] as? [[String: Any]])
            #expect(written.map { $0["audio"] as? String } == (1...8).map { "lines/l0\($0).opus" })
        }
    }

    @Test func badRequestsMakeNothing() async throws {
        try await withServer { http, folder in
            func refused(_ query: String, body: [UInt8], _ status: Int, _ code: String,
                         sourceLocation: SourceLocation = #_sourceLocation) async throws {
                let answer = try await http.send("POST", "/api/modules/from-lesson?" + query, headers: token, body: body)
                #expect(answer.status == status, "\(query): \(answer.text.prefix(300))", sourceLocation: sourceLocation)
                #expect(answer.text.contains(#""code":"\#(code)""#), "\(query): \(answer.text.prefix(300))",
                        sourceLocation: sourceLocation)
            }
            for name in ["..%2Fescape", "%2Ftmp%2Fx", "a%2Fb", "..", "At-The-Cafe", "", String(repeating: "a", count: 80)] {
                try await refused("name=\(name)&document=at-the-cafe.md", body: lesson, 400, "bad-name")
            }
            try await refused("name=cafe&document=lesson.exe", body: lesson, 415, "wrong-type")
            try await refused("name=cafe&document=lesson.md", body: [UInt8](repeating: 65, count: (16 << 20) + 1), 413, "too-large")
            try await refused("name=cafe&pasted=1", body: Array(" \n".utf8), 400, "bad-request")
            try await refused("name=cafe&document=at-the-cafe.md&video=v9", body: lesson, 404, "not-found")

            // A mistake in the document: answered at its line, in the document's words, and nothing is made.
            let broken = Array(String(decoding: lesson, as: UTF8.self)
                .replacingOccurrences(of: "\nTom: Hi. Can I have", with: "\nJerry: Hi. Can I have").utf8)
            let answer = try await http.send("POST", "/api/modules/from-lesson?name=cafe&pasted=1", headers: token, body: broken)
            #expect(answer.status == 400)
            let diagnostics = try #require(try object(answer)["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.contains { ($0["subject"] as? String) == "The pasted lesson, line 40"
                && ($0["message"] as? String ?? "").contains("Jerry") }, "\(diagnostics)")

            // A video of the wrong kind is not kept.
            let video = try await http.send("POST", "/api/staged-videos?name=clip.opus", headers: token, body: [1, 2, 3])
            #expect(video.status == 415, "\(video.text)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing was made")
        }
    }

    @Test func aLessonImportedWithAMistakeWritesNothing() async throws {
        try await withServer(sample: true) { http, folder in
            let module = folder + "/job-interview"
            let before = FileTree.files(under: module).map { ($0, FileManager.default.contents(atPath: module + "/" + $0)) }
            let pasted = Array("# A title\n\n## Conversation\n\nNobody: Hello.\n".utf8)
            let answer = try object(await http.send("POST", "/api/modules/0/import?kind=lesson&pasted=1", headers: token,
                                              body: pasted))
            #expect(answer["written"] as? Bool == false)
            let diagnostics = answer["diagnostics"] as? [[String: Any]] ?? []
            #expect(diagnostics.contains { ($0["subject"] as? String ?? "").hasPrefix("The pasted lesson, line ") },
                    "\(diagnostics)")
            let after = FileTree.files(under: module).map { ($0, FileManager.default.contents(atPath: module + "/" + $0)) }
            #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1))
        }
    }

    @Test func speakingNeverReplacesTheTeachersRecording() async throws {
        try await withServer(sample: true) { http, folder in
            let module = folder + "/job-interview"
            let before = FileTree.files(under: module + "/media").map { FileManager.default.contents(atPath: module + "/media/" + $0) }
            let own = try await http.send("POST", "/api/modules/0/speak?field=questions.0.audio", headers: token)
            #expect(own.status == 409 && own.text.contains("already has its own recording"), "\(own.text)")
            for field in ["transcript.0.audio", "questions.99.audio", "questions.0.answers.7.audio", "..%2Fx", ""] {
                let answer = try await http.send("POST", "/api/modules/0/speak?field=\(field)", headers: token)
                #expect(answer.status == 400, "\(field): \(answer.text)")
            }
            let after = FileTree.files(under: module + "/media").map { FileManager.default.contents(atPath: module + "/media/" + $0) }
            #expect(after == before)
        }
    }
}
