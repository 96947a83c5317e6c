import Foundation
import LessonpackCheck
import LessonpackDiagnostics
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

    /// Only placeholders are left to do in a new module: no error, and a warning for each example text and each
    /// stand-in medium, which is the module's to-do list.
    static func expectOnlyPlaceholders(_ diagnostics: [Diagnostic]) {
        let others = diagnostics.filter { $0.code != .placeholderText && $0.code != .placeholderMedia }
        #expect(others.isEmpty, "\(others.map { "\($0.location): \($0.message)" })")
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func aNewModulePassesCheckWithItsToDoList() throws {
        let folder = TemporaryFolder()
        let module = folder.child("cafe")
        try ModuleTemplate.create(from: .starter, at: module, id: "cafe", title: "At the café")
        let source = try ModuleLoader.load(folder: module)
        #expect(source.module.id == "cafe")
        #expect(source.module.title == "At the café")
        let result = try ModuleChecker.check(folder: module)
        Self.expectOnlyPlaceholders(result.diagnostics)
        // The video, two line clips, and a question with three answers: all stand-ins.
        #expect(result.diagnostics.count { $0.code == .placeholderMedia } == 7)
        #expect(source.module.media.count == 7 && source.module.media.allSatisfy(\.isPlaceholder))
        // Every example text the starter holds, each once.
        let texts = 1 + StarterText.speakers.count + StarterText.objectives.values.map(\.count).reduce(0, +)
            + StarterText.lines.count + StarterText.boxes.count + StarterText.statements.count
            + StarterText.questions.values.map(\.count).reduce(0, +) + StarterText.testItems.values.map(\.count).reduce(0, +)
        #expect(result.diagnostics.count { $0.code == .placeholderText } == texts)
    }

    @Test func theCheckersExampleTextsAreTheStartersOwn() throws {
        let starter = try ModuleLoader.load(folder: Self.starter).module
        #expect(StarterText.summary == starter.summary)
        #expect(StarterText.speakers == Dictionary(uniqueKeysWithValues: starter.speakers.map { ($0.id, $0.name) }))
        #expect(StarterText.objectives == Dictionary(uniqueKeysWithValues: starter.objectives.map {
            ($0.id, [$0.performance, $0.condition, $0.content, $0.criteria]) }))
        #expect(StarterText.lines == Dictionary(uniqueKeysWithValues: starter.transcript.map { ($0.id, $0.text) }))
        #expect(StarterText.boxes == Dictionary(uniqueKeysWithValues: starter.phrasebook.map { ($0.title, $0.body) }))
        #expect(StarterText.statements == Dictionary(uniqueKeysWithValues: starter.videoTask.map { ($0.id, $0.text) }))
        #expect(StarterText.questions == Dictionary(uniqueKeysWithValues: starter.questions.map { question in
            (question.id, [question.text] + question.answers.map(\.text) + (question.feedback.map { [$0] } ?? [])) }))
        #expect(StarterText.testItems == Dictionary(uniqueKeysWithValues: starter.test.items.map { item in
            let choices: [String] = if case .multipleChoice(let choices, _) = item.kind { choices } else { [] }
            return (item.id, [item.text] + choices + (item.explanation.map { [$0] } ?? [])) }))
    }

    @Test func aPlaceholderReplacedIsOffTheList() throws {
        let folder = TemporaryFolder()
        let module = folder.child("cafe")
        try ModuleTemplate.create(from: .starter, at: module, id: "cafe", title: "At the café")
        try TestAudio.wav(seconds: 2).write(to: URL(fileURLWithPath: module + "/media/lines/line-01.wav"))
        try MediaScanner.write(MediaScanner.scan(folder: module), folder: module)
        let transcript = module + "/transcript.plist"
        try String(contentsOfFile: transcript, encoding: .utf8)
            .replacingOccurrences(of: "Hello, nice to meet you.", with: "Hello, nice to meet you at last.")
            .write(toFile: transcript, atomically: true, encoding: .utf8)
        let result = try ModuleChecker.check(folder: module)
        let media = result.diagnostics.filter { $0.code == .placeholderMedia }.map(\.message)
        #expect(media.count == 6 && !media.contains { $0.contains("line-01") })
        #expect(!result.diagnostics.contains { $0.code == .placeholderText && $0.message.contains("line 'line-01'") })
        #expect(result.diagnostics.contains { $0.code == .placeholderText && $0.message.contains("line 'line-02'") })
    }

    @Test func withoutFFprobeTheStarterStillRecordsEveryDuration() throws {
        let folder = TemporaryFolder()
        let module = folder.child("m")
        try ModuleTemplate.create(from: .starter, at: module, id: "m", title: "M",
                                  probe: TableProbe(durations: [:], unavailableReason: "no ffprobe here"))
        let result = try ModuleChecker.check(folder: module)
        Self.expectOnlyPlaceholders(result.diagnostics)
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
        Self.expectOnlyPlaceholders(result.diagnostics)
        // The clips made for the author's template are stand-ins too.
        #expect(result.diagnostics.contains { $0.code == .placeholderMedia && $0.message.contains("lines/line-01.wav") })
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
