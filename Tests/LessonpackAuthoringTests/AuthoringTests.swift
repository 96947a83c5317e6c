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

    @Test func aNewModulePassesCheckAsCreated() throws {
        let folder = TemporaryFolder()
        let module = folder.child("cafe")
        try ModuleTemplate.create(from: .starter, at: module, id: "cafe", title: "At the café")
        let source = try ModuleLoader.load(folder: module)
        #expect(source.module.id == "cafe")
        #expect(source.module.title == "At the café")
        let result = try ModuleChecker.check(folder: module)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.location): \($0.message)" })")
        #expect(source.module.media.count == 7)
    }

    @Test func withoutFFprobeTheStarterStillRecordsEveryDuration() throws {
        let folder = TemporaryFolder()
        let module = folder.child("m")
        try ModuleTemplate.create(from: .starter, at: module, id: "m", title: "M",
                                  probe: TableProbe(durations: [:], unavailableReason: "no ffprobe here"))
        let result = try ModuleChecker.check(folder: module)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.location): \($0.message)" })")
        #expect(result.source.module.media.allSatisfy { $0.duration != nil })
    }

    @Test func theEmbeddedStarterIsTheTemplateFolder() throws {
        let onDisk = try ModuleTemplate.templateFiles(.folder(Self.starter))
        let embedded = try ModuleTemplate.templateFiles(.starter)
        #expect(onDisk.map(\.0) == embedded.map(\.0), "run scripts/embed-starter after changing Templates/starter")
        #expect(onDisk.map(\.1) == embedded.map(\.1), "run scripts/embed-starter after changing Templates/starter")
    }

    @Test func aFolderThatIsNotATemplateIsRefused() throws {
        let folder = TemporaryFolder()
        #expect(throws: ModuleTemplate.Failure.self) {
            try ModuleTemplate.create(from: .folder(Paths.inPackage("Templates")), at: folder.child("m"), id: "m", title: "M")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.child("m")))
        do {
            try ModuleTemplate.create(from: .folder(Paths.inPackage("Templates")), at: folder.child("m"), id: "m", title: "M")
        } catch {
            #expect(error.description.hasSuffix("Templates is not a module template: it has no module.plist at its top " +
                                                "(a template is a module folder whose files may say {{ID}} and {{TITLE}})"))
        }
    }

    @Test func anAuthorsTemplateGetsPlaceholdersForTheAudioItNames() throws {
        let folder = TemporaryFolder()
        try ModuleTemplate.create(from: .starter, at: folder.child("mine"), id: "mine", title: "Mine")
        try FileManager.default.removeItem(atPath: folder.child("mine/media/lines"))
        try ModuleTemplate.create(from: .folder(folder.child("mine")), at: folder.child("copy"), id: "copy", title: "Copy")
        let result = try ModuleChecker.check(folder: folder.child("copy"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.location): \($0.message)" })")
    }

    @Test func titlesAreEscapedAndIDsValidated() throws {
        let folder = TemporaryFolder()
        try ModuleTemplate.create(from: .starter, at: folder.child("m"), id: "m", title: "Tom & <Jerry>")
        #expect(try ModuleLoader.load(folder: folder.child("m")).module.title == "Tom & <Jerry>")
        #expect(throws: ModuleTemplate.Failure.self) {
            try ModuleTemplate.create(from: .starter, at: folder.child("n"), id: "Not Valid", title: "x")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.child("n")))
    }

    @Test func refusesToOverwrite() throws {
        let folder = TemporaryFolder()
        folder.write("mine", to: "taken/notes.txt")
        #expect(throws: ModuleTemplate.Failure.self) {
            try ModuleTemplate.create(from: .starter, at: folder.child("taken"), id: "taken", title: "Taken")
        }
        #expect(try String(contentsOfFile: folder.child("taken/notes.txt"), encoding: .utf8) == "mine")
    }

    @Test func namesComeFromTheFolder() {
        #expect(ModuleTemplate.suggestedID(forFolder: "/tmp/Café Talk 2") == "cafe-talk-2")
        #expect(ModuleTemplate.suggestedTitle(forID: "cafe-talk-2") == "Cafe talk 2")
    }
}
