import Foundation
import LessonpackCheck
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackAuthoring

/// A probe that answers from a table, so scans are deterministic whether or not ffprobe is installed.
struct TableProbe: MediaProbe {
    var durations: [String: Double]
    var unavailableReason: String?

    func probe(fileAt path: String, kind: MediaKind, fileExtension: String) -> ProbeFinding {
        .decoded(duration: durations.first { path.hasSuffix($0.key) }?.value)
    }
}

@Suite struct MediaScanTests {
    @Test func recordsKindSizeHashAndDuration() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base"), as: "m")
        try FileManager.default.removeItem(atPath: module + "/media.plist")
        try TestAudio.wav(seconds: 1).write(to: URL(fileURLWithPath: module + "/media/tone.wav"))
        folder.write("notes", to: "m/media/notes.txt")
        let scan = MediaScanner.scan(folder: module, probe: TableProbe(durations: ["tone.wav": 1, "video.mp4": 20, "clip.wav": 1.5]))
        #expect(scan.files.map(\.path) == ["clip.wav", "tone.wav", "video.mp4"])
        #expect(scan.skipped.map(\.path) == ["notes.txt"])
        let tone = try #require(scan.files.first { $0.path == "tone.wav" })
        #expect(tone.kind == .audio)
        #expect(tone.size == 44 + 8000 * 2)
        #expect(tone.duration == 1)
        #expect(tone.sha256 == FileDigest.sha256(ofFileAt: module + "/media/tone.wav"))
        try MediaScanner.write(scan, folder: module)
        let reread = try ModuleLoader.load(folder: module)
        #expect(reread.module.media == scan.files)
    }

    @Test func withoutAProbeUnchangedFilesKeepTheirDurations() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base"), as: "m")
        folder.write("new", to: "m/media/new.wav")
        let scan = MediaScanner.scan(folder: module, probe: TableProbe(durations: [:], unavailableReason: "no ffprobe"))
        #expect(scan.files.first { $0.path == "video.mp4" }?.duration == 20)
        #expect(scan.withoutDuration == ["new.wav"])
        #expect(scan.changes.first { $0.path == "new.wav" }?.change == .added)
        #expect(scan.changes.first { $0.path == "video.mp4" }?.change == .unchanged)
    }

    @Test func linksAreNotFollowed() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base"), as: "m")
        try FileManager.default.createSymbolicLink(atPath: module + "/media/passwd.wav", withDestinationPath: "/etc/passwd")
        let scan = MediaScanner.scan(folder: module, probe: TableProbe(durations: [:]))
        #expect(scan.skipped.map(\.path) == ["passwd.wav"])
        #expect(!scan.files.contains { $0.path == "passwd.wav" })
    }
}

@Suite struct TemplateTests {
    static let starter = Paths.inPackage("Templates/starter")

    @Test func aNewModulePassesCheckOnceItsMediaIsAdded() throws {
        let folder = TemporaryFolder()
        let module = folder.child("cafe")
        try ModuleTemplate.create(from: Self.starter, at: module, id: "cafe", title: "At the café")
        let source = try ModuleLoader.load(folder: module)
        #expect(source.module.id == "cafe")
        #expect(source.module.title == "At the café")

        let audio = ["lines/line-01.wav", "lines/line-02.wav", "qa/question-1.wav", "qa/question-1-a.wav",
                     "qa/question-1-b.wav", "qa/question-1-c.wav"]
        for folderName in ["lines", "qa"] {
            try FileManager.default.createDirectory(atPath: module + "/media/" + folderName, withIntermediateDirectories: true)
        }
        for path in audio { try TestAudio.wav(seconds: 1.5).write(to: URL(fileURLWithPath: module + "/media/" + path)) }
        try FileManager.default.copyItem(atPath: Paths.sampleModule + "/media/conversation.mp4",
                                         toPath: module + "/media/conversation.mp4")
        let scan = MediaScanner.scan(folder: module, probe: TableProbe(durations: ["conversation.mp4": 107.1, ".wav": 1.5]))
        try MediaScanner.write(scan, folder: module)

        let result = try ModuleChecker.check(folder: module)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.location): \($0.message)" })")
    }

    @Test func titlesAreEscapedAndIDsValidated() throws {
        let folder = TemporaryFolder()
        try ModuleTemplate.create(from: Self.starter, at: folder.child("m"), id: "m", title: "Tom & <Jerry>")
        #expect(try ModuleLoader.load(folder: folder.child("m")).module.title == "Tom & <Jerry>")
        #expect(throws: ModuleTemplate.Failure.self) {
            try ModuleTemplate.create(from: Self.starter, at: folder.child("n"), id: "Not Valid", title: "x")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.child("n")))
    }

    @Test func refusesToOverwrite() throws {
        let folder = TemporaryFolder()
        folder.write("mine", to: "taken/notes.txt")
        #expect(throws: ModuleTemplate.Failure.self) {
            try ModuleTemplate.create(from: Self.starter, at: folder.child("taken"), id: "taken", title: "Taken")
        }
        #expect(try String(contentsOfFile: folder.child("taken/notes.txt"), encoding: .utf8) == "mine")
    }

    @Test func namesComeFromTheFolder() {
        #expect(ModuleTemplate.suggestedID(forFolder: "/tmp/Café Talk 2") == "cafe-talk-2")
        #expect(ModuleTemplate.suggestedTitle(forID: "cafe-talk-2") == "Cafe talk 2")
    }
}
