import Foundation
import LessonpackAuthoring
import LessonpackBundle
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackStudio

/// A probe that refuses files whose names say so, so upload checks are tested without ffprobe.
struct NamedProbe: MediaProbe {
    var unavailableReason: String? { nil }
    func probe(fileAt path: String, kind: MediaKind, fileExtension: String) -> ProbeFinding {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        return bytes.starts(with: Data("not audio".utf8)) ? .refused("it is text, not audio") : .decoded(duration: 1)
    }
}

@Suite struct MediaUploadTests {
    @Test(arguments: [
        ("", "../x.opus"), ("", "a/b.opus"), ("", ".hidden.opus"), ("", "x.exe"), ("", "tab\there.opus"),
        ("", String(repeating: "a", count: 300) + ".opus"), ("..", "x.opus"), ("lines/../..", "x.opus"), ("", ""),
        ("", "back\\slash.opus"), ("", "nul\u{0}.opus"),
    ])
    func hostileNamesAreRefused(folder: String, name: String) {
        do {
            try MediaUpload.mediaPath(folder: folder, name: name)
            Issue.record("'\(name)' in '\(folder)' was taken")
        } catch {
            #expect([.badName, .wrongType].contains(error.code), "\(error.code): \(error.message)")
        }
    }

    @Test func anUploadLandsUnderMediaAndIsListed() throws {
        let temporary = TemporaryFolder()
        let module = temporary.copy(Paths.sampleModule, as: "m")
        let path = try MediaUpload.store(Array(TestAudio.wav(seconds: 1)), folder: "lines", name: "new line.wav", replace: false,
                                         in: module, probe: NamedProbe())
        #expect(path == "lines/new line.wav")
        #expect(FileManager.default.fileExists(atPath: module + "/media/lines/new line.wav"))
        #expect(throws: StudioError(.exists, "media/lines/new line.wav already exists; replace it, or give the file another name")) {
            try MediaUpload.store(Array(TestAudio.wav(seconds: 1)), folder: "lines", name: "new line.wav", replace: false,
                                  in: module, probe: NamedProbe())
        }
        let scan = try MediaUpload.rescan(module, probe: NamedProbe())
        #expect(scan.files.contains { $0.path == "lines/new line.wav" })
    }

    @Test func contentThatIsNotItsKindNeverReachesMedia() throws {
        let temporary = TemporaryFolder()
        let module = temporary.copy(Paths.sampleModule, as: "m")
        let before = Set(FileTree.files(under: module))
        for folder in ["qa", "video"] {
            #expect(throws: StudioError(.wrongType, "'q9.opus' was not added: it is text, not audio")) {
                try MediaUpload.store(Array("not audio at all".utf8), folder: folder, name: "q9.opus", replace: false,
                                      in: module, probe: NamedProbe())
            }
        }
        #expect(Set(FileTree.files(under: module)) == before)
        #expect(!FileManager.default.fileExists(atPath: module + "/media/video"), "a folder made for a refused upload is removed")
    }

    @Test func aLinkedFolderIsNotWrittenThrough() throws {
        let temporary = TemporaryFolder()
        let module = temporary.copy(Paths.sampleModule, as: "m")
        let outside = temporary.child("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: module + "/media/video", withDestinationPath: outside)
        #expect(throws: StudioError.self) {
            try MediaUpload.store(Array(TestAudio.wav(seconds: 1)), folder: "video", name: "x.wav", replace: false, in: module,
                                  probe: NamedProbe())
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }
}

@Suite struct PreviewTests {
    private func start(_ kind: ActivityKind, _ sessions: PreviewSessions) async throws -> [String: Any] {
        let module = try ModuleLoader.load(folder: Paths.sampleModule).module
        let bytes = try await sessions.start(kind, module: module, seed: 7, at: Date(timeIntervalSince1970: 0))
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test(arguments: ActivityKind.allCases)
    func everyActivityPreviewsFromTheSamePresenters(kind: ActivityKind) async throws {
        let answer = try await start(kind, PreviewSessions())
        #expect(answer["activity"] as? String == kind.rawValue)
        #expect(answer["view"] is [String: Any])
    }

    @Test func eventsGoThroughThePresenterAndTheEngine() async throws {
        let sessions = PreviewSessions()
        let first = try await start(.videoTask, sessions)
        let id = try #require(first["session"] as? String)
        let event = Array(#"{"event":{"cycle":{"_0":0}}}"#.utf8)
        let next = try await sessions.send(event, to: id, at: Date(timeIntervalSince1970: 1))
        let view = try #require((try JSONSerialization.jsonObject(with: Data(next)) as? [String: Any])?["view"] as? [String: Any])
        let rows = try #require(view["rows"] as? [[String: Any]])
        #expect(rows.first?["mark"] as? String == "correct")
        await #expect(throws: StudioError.self) { try await sessions.send(Array(#"{"event":{"nonsense":{}}}"#.utf8), to: id, at: Date()) }
        await #expect(throws: StudioError.self) { try await sessions.send(event, to: "p999", at: Date()) }
    }

    /// Each new preview of the test draws after the last finished one, as the player draws after the learner's
    /// last finished test: from a bank of 30 drawing 20, two finished previews in a row overlap by exactly 10 items,
    /// and a preview left half way counts as not seen.
    @Test func aNewTestPreviewDrawsTheItemsTheLastFinishedOneDidNotShowFirst() async throws {
        var module = try ModuleLoader.load(folder: Paths.sampleModule).module
        let objective = try #require(module.objectives.first?.id)
        module.test.items = (1...30).map {
            TestItem(id: "t\($0)", objective: objective, text: "Statement \($0)", kind: .statement(isCorrect: true))
        }
        module.test.draw = 20
        func drawn(_ bytes: [UInt8]) throws -> (id: String, items: Set<String>) {
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            let items = try #require((answer["view"] as? [String: Any])?["items"] as? [[String: Any]])
            return (try #require(answer["session"] as? String), Set(items.compactMap { $0["text"] as? String }))
        }
        let finishNow = Array(#"{"event":{"finishNow":{}}}"#.utf8)
        let sessions = PreviewSessions()
        var draws: [Set<String>] = []
        for seed in UInt64(1)...4 {
            let preview = try drawn(try await sessions.start(.test, module: module, seed: seed, at: Date(timeIntervalSince1970: 0)))
            _ = try await sessions.send(finishNow, to: preview.id, at: Date(timeIntervalSince1970: 1))
            draws.append(preview.items)
        }
        for (last, next) in zip(draws, draws.dropFirst()) {
            #expect(next.count == 20)
            #expect(last.intersection(next).count == 10, "the 10 items the last preview did not show come first")
        }

        // Left half way, a preview is not what the next one draws after: the same seed draws the same items.
        let fresh = PreviewSessions()
        let halfWay = try drawn(try await fresh.start(.test, module: module, seed: 7, at: Date(timeIntervalSince1970: 0)))
        let again = try drawn(try await fresh.start(.test, module: module, seed: 7, at: Date(timeIntervalSince1970: 2)))
        #expect(again.items == halfWay.items)
        _ = try await fresh.send(finishNow, to: again.id, at: Date(timeIntervalSince1970: 3))
        let afterFinished = try drawn(try await fresh.start(.test, module: module, seed: 7, at: Date(timeIntervalSince1970: 4)))
        #expect(afterFinished.items.intersection(again.items).count == 10)
    }

    @Test func aRecordingIsTakenOnlyWhenAskedForAndPlayedBack() async throws {
        let sessions = PreviewSessions()
        defer { Task { await sessions.close() } }
        let first = try await start(.pronunciation, sessions)
        let id = try #require(first["session"] as? String)
        let audio = Array(TestAudio.wav(seconds: 1))
        await #expect(throws: StudioError.self) {
            try await sessions.recorded(audio, contentType: "audio/wav", line: "l01", in: id, at: Date())
        }
        let asked = try await sessions.send(Array(#"{"event":{"record":{}}}"#.utf8), to: id, at: Date())
        #expect(String(decoding: asked, as: UTF8.self).contains(#""record""#))
        await #expect(throws: StudioError.self) {
            try await sessions.recorded(audio, contentType: "text/html", line: "l01", in: id, at: Date())
        }
        let taken = try await sessions.recorded(audio, contentType: "audio/wav", line: "l01", in: id, at: Date())
        #expect(String(decoding: taken, as: UTF8.self).contains(#""recorded":true"#))
        let back = try await sessions.recording(line: "l01", in: id)
        #expect(back.bytes == audio)
    }

    /// With the module's folder, the preview measures the recording's intonation against the line's original, as the
    /// terminal player does; the page draws the contours from the view.
    @Test func aRecordingIsAnalysedAgainstTheOriginalInTheModulesFolder() async throws {
        let sessions = PreviewSessions()
        defer { Task { await sessions.close() } }
        let module = try ModuleLoader.load(folder: Paths.sampleModule).module
        let first = try await sessions.start(.pronunciation, module: module, moduleFolder: Paths.sampleModule, seed: 7,
                                             at: Date())
        let id = try #require((try JSONSerialization.jsonObject(with: Data(first)) as? [String: Any])?["session"] as? String)
        _ = try await sessions.send(Array(#"{"event":{"record":{}}}"#.utf8), to: id, at: Date())
        let voice = Array(TestAudio.wav(seconds: 2, sampleRate: 16_000, frequency: 140))
        let taken = try await sessions.recorded(voice, contentType: "audio/wav", line: "l01", in: id, at: Date())
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(taken)) as? [String: Any])
        let view = try #require(answer["view"] as? [String: Any])
        let intonation = try #require(view["intonation"] as? [String: Any], "\(view)")
        #expect((intonation["score"] as? Int).map { (0...100).contains($0) } == true)
        #expect((intonation["model"] as? [Any])?.isEmpty == false)
        #expect((intonation["learner"] as? [Any])?.isEmpty == false)
        #expect(((answer["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("Intonation: ") == true)
        // Slower playback goes to the page, which slows the clip itself.
        let slow = String(decoding: try await sessions.send(Array(#"{"event":{"hearSlowly":{"_0":0.5}}}"#.utf8), to: id, at: Date()),
                          as: UTF8.self)
        #expect(slow.contains(#""playSlowed""#), "\(slow)")
    }

    @Test func aRecordingTheBrowserCouldNotMakeIsReportedAndCanBeTriedAgain() async throws {
        let sessions = PreviewSessions()
        let first = try await start(.pronunciation, sessions)
        let id = try #require(first["session"] as? String)
        let record = Array(#"{"event":{"record":{}}}"#.utf8)
        _ = try await sessions.send(record, to: id, at: Date())
        let failed = try await sessions.recordingFailed(line: "l01", reason: "no microphone\u{1B}[2J", in: id, at: Date())
        let text = String(decoding: failed, as: UTF8.self)
        #expect(text.contains("no microphone") && !text.contains("\u{1B}"))
        let again = String(decoding: try await sessions.send(record, to: id, at: Date()), as: UTF8.self)
        #expect(again.contains(#""record":{"#), "a second try records again: \(again)")
    }
}

@Suite struct SubtitleTrackTests {
    @Test func cuesAreEscapedAndTimed() {
        var module = Module()
        module.speakers = [Speaker(id: "a", name: "Ann <boss>", colour: "#000000")]
        module.transcript = [
            TranscriptLine(id: "l1", speaker: "a", text: "Fish & chips --> <b>now</b>", start: 61.5, end: 3725.25, audio: "x"),
            TranscriptLine(id: "l2", speaker: "a", text: "Backwards", start: 5, end: 4, audio: "x"),
        ]
        let track = SubtitleTrack.webVTT(module)
        #expect(track == """
            WEBVTT

            l1
            00:01:01.500 --> 01:02:05.250
            <v Ann &lt;boss&gt;>Fish &amp; chips --&gt; &lt;b&gt;now&lt;/b&gt;

            """)
    }
}

extension SubtitleTrackTests {
    @Test func subRipNumbersItsCuesAndNamesTheSpeaker() {
        var module = Module()
        module.speakers = [Speaker(id: "a", name: "Ann", colour: "#000000")]
        module.transcript = [
            TranscriptLine(id: "l1", speaker: "a", text: "Not timed yet", start: 0, end: 0, audio: "x"),
            TranscriptLine(id: "l2", speaker: "a", text: "Fish & chips\nnow", start: 61.5, end: 3725.25, audio: "x"),
            TranscriptLine(id: "l3", speaker: "b", text: "Hello", start: 3726, end: 3727.0004, audio: "x"),
        ]
        #expect(SubtitleTrack.subRip(module) == """
            1
            00:01:01,500 --> 01:02:05,250
            Ann: Fish & chips now

            2
            01:02:06,000 --> 01:02:07,000
            b: Hello


            """)
        #expect(SubtitleTrack.timedLines(module).map(\.id) == ["l2", "l3"])
    }
}

@Suite struct StudioTests {
    @Test func newModulesStartValidAndBadNamesAreRefused() async throws {
        let temporary = TemporaryFolder()
        let studio = try Studio(folders: [], workingFolder: temporary.path, outputFolder: temporary.child("dist"),
                                probe: NamedProbe())
        let entry = try await studio.create(name: "at-the-bank", title: "At the bank")
        #expect(entry.errors == 0)
        #expect(entry.key == "0")
        for name in ["../x", "A B", "", "x/y", ".hidden"] {
            await #expect(throws: StudioError.self) { try await studio.create(name: name, title: "x") }
        }
        await #expect(throws: StudioError.self) { try await studio.create(name: "at-the-bank", title: "again") }
        await #expect(throws: StudioError.self) { try await studio.editor("1") }
        await #expect(throws: StudioError.self) { try await studio.editor("00") }
        let empty = temporary.child("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(throws: StudioError.self) { try Studio(folders: [empty], workingFolder: temporary.path, outputFolder: "dist") }
    }

    @Test func buildMakesABundleAndSaysHowBigItIsAgainstItsMedia() throws {
        let temporary = TemporaryFolder()
        let module = temporary.copy(Paths.sampleModule, as: "m")
        let outcome = try StudioBuild.run(folder: module, outputFolder: temporary.child("dist"), keyFile: nil)
        #expect(outcome.ok)
        #expect((outcome.size ?? 0) > 0 && outcome.mediaSize > 0)
        #expect(outcome.inspection?.id == "job-interview")
        #expect(throws: StudioError.self) {
            try StudioBuild.run(folder: module, outputFolder: temporary.child("dist"), keyFile: temporary.child("nokey"))
        }
    }
}
