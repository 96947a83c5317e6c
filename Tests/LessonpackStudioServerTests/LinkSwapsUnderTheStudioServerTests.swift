import Foundation
import LessonpackAuthoring
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio
@testable import LessonpackStudioServer

/// A probe that takes every file as a second of media, so the race below is not slowed down by ffprobe.
private struct AcceptingProbe: MediaProbe {
    var unavailableReason: String? { nil }
    func probe(fileAt path: String, kind: MediaKind, fileExtension: String) -> ProbeFinding { .decoded(duration: 1) }
}

/// The hostile-network corpus's "link swaps under the studio" case on the wire (issue 31, F3): the page's upload
/// and delete routes, while `media/qa` is exchanged with a link to a folder outside the module over and over.
@Suite(.serialized) struct LinkSwapsUnderTheStudioServerTests {
    @Test func uploadsAndDeletesOnTheWireStayInsideTheModule() async throws {
        let temporary = TemporaryFolder()
        let module = temporary.copy(Paths.sampleModule, as: "m")
        let outside = temporary.child("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("outside the module".utf8).write(to: URL(fileURLWithPath: outside + "/kept.opus"))
        let link = temporary.child("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
        let realQA = open(module + "/media/qa", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(realQA >= 0)
        defer { close(realQA) }
        // Planted in the real media/qa through its descriptor, wherever the swap has put it.
        let plant = {
            let file = openat(realQA, "kept.opus", O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if file >= 0 {
                _ = write(file, "inside", 6)
                close(file)
            }
        }
        plant()
        let studio = try Studio(folders: [module], workingFolder: temporary.path, outputFolder: temporary.child("dist"),
                                probe: AcceptingProbe(), aligner: nil)
        let audio = Array(TestAudio.wav(seconds: 0.1))
        let token = ["X-Lessonpack-Token": "t0ken"]
        var refused: [String] = []
        var created = 0
        // Swapping for as long as the requests go on: bounded by count (LinkSwap's default), a loaded run's swapper
        // made its five million swaps in the first seconds, before a slow request came, and stopped.
        let swap = try LinkSwap(folder: module + "/media/qa", link: link, limit: .max, seconds: 330)
        try await RawHTTP.serving(studio) { http in
            swap.start()
            defer { swap.stop() }
            // Bounded by tries and by time: 300 tries, and more while no request has met the link yet (a loaded
            // machine interleaves the swaps and the requests less), up to five minutes.
            let deadline = Date().addingTimeInterval(300)
            for attempt in 0..<5000 where Date() < deadline && (attempt < 300 || refused.isEmpty) {
                let upload = try await http.send("POST", "/api/modules/0/media?folder=qa&name=w\(attempt).wav",
                                                 headers: token, body: audio)
                if upload.status == 201 { created += 1 } else { refused.append(upload.text) }
                let delete = try await http.send("DELETE", "/api/modules/0/media?path=qa/kept.opus", headers: token)
                if delete.status != 200 { refused.append(delete.text) }
                plant()
            }
        }
        #expect((try? String(contentsOfFile: outside + "/kept.opus", encoding: .utf8)) == "outside the module",
                "the file outside the module was deleted or replaced")
        let strays = (try FileManager.default.contentsOfDirectory(atPath: outside)).filter { $0 != "kept.opus" }
        #expect(strays == [], "written outside the module")
        let temporaryFiles = (FileManager.default.enumerator(atPath: module)?.allObjects as? [String] ?? [])
            .filter { FolderLock.isTemporaryFile(($0 as NSString).lastPathComponent) }
        #expect(temporaryFiles == [], "temporary files left in the module")
        #expect(created > 0)
        #expect(!refused.isEmpty, "no request met the link: the race was not run")
        for answer in refused {
            #expect([#""code":"bad-name""#, #""code":"not-found""#, #""code":"cannot-write""#].contains { answer.contains($0) },
                    "\(answer.prefix(300))")
        }
    }
}
