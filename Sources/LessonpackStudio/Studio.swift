import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

/// A studio session: the module folders it opened, each under a key the page names it by (never a path), the folder
/// new modules are made in, the previews under way, and where bundles are built.
package actor Studio {
    package struct Entry: Sendable, Encodable {
        package var key: String
        package var folder: String
        package var id: String
        package var title: String
        package var errors: Int
        package var warnings: Int
    }

    private var editors: [ModuleEditor] = []
    /// Where `New module` makes its folders: the folder the studio was started in.
    package nonisolated let workingFolder: String
    /// Where builds go (`--output`), as `lessonpack build`.
    package nonisolated let outputFolder: String
    package nonisolated let previews: PreviewSessions
    package nonisolated let probe: CachingProbe
    /// Media hashes remembered across every check and scan of this session's modules.
    package nonisolated let digests = DigestMemo()
    /// Times a new module's lines from its video (forced alignment, as `lessonpack align` and Time lines from the
    /// video do); nil leaves them spread evenly over it.
    package nonisolated let aligner: LessonModule.Aligner?
    /// Videos sent for *New module from a document*, kept in a private folder until a module takes them.
    private var stagedVideos: [String: String] = [:]
    private var stagedCount = 0

    package init(folders: [String], workingFolder: String, outputFolder: String,
                 probe: any MediaProbe = FFProbe(),
                 aligner: LessonModule.Aligner? = { folder in try ModuleAlignment.run(folder: folder) }) throws(StudioError) {
        self.aligner = aligner
        self.workingFolder = workingFolder
        self.outputFolder = outputFolder
        self.probe = CachingProbe(probe, digests: digests)
        previews = PreviewSessions()
        for (index, folder) in folders.enumerated() {
            editors.append(try ModuleEditor(key: String(index), folder: folder, digests: digests))
        }
    }

    package func entries() async -> [Entry] {
        var entries: [Entry] = []
        for editor in editors { entries.append(await Self.entry(editor)) }
        return entries
    }

    package func editor(_ key: String) throws(StudioError) -> ModuleEditor {
        guard let index = Int(key), String(index) == key, editors.indices.contains(index) else {
            throw StudioError(.noSuchModule, "there is no module '\(key.prefix(40))' in this studio")
        }
        return editors[index]
    }

    /// Makes a module from the starter in the working folder, as `lessonpack new` does, and opens it. `name` is
    /// the folder's name and the module's id: one path component the studio chooses the place of.
    package func create(name: String, title: String) async throws(StudioError) -> Entry {
        let folder = try newFolder(name)
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            try ModuleTemplate.create(from: .starter, at: folder, id: name,
                                      title: trimmed.isEmpty ? ModuleTemplate.suggestedTitle(forID: name) : trimmed,
                                      probe: probe)
        } catch {
            throw StudioError(.cannotWrite, error.description)
        }
        let editor = try ModuleEditor(key: String(editors.count), folder: folder, digests: digests)
        editors.append(editor)
        return await Self.entry(editor)
    }

    /// The folder a new module named `name` goes in: one path component in the working folder, which must not exist.
    private func newFolder(_ name: String) throws(StudioError) -> String {
        guard Identifier.isValidModuleID(name), name.utf8.count <= 64 else {
            throw StudioError(.badName, "'\(name.prefix(64))' cannot name a module: use lowercase letters, digits and " +
                              "'-', e.g. 'at-the-bank'")
        }
        let folder = ModuleLayout.join(workingFolder, name)
        guard !FileManager.default.fileExists(atPath: folder) else {
            throw StudioError(.exists, "a folder named '\(name)' already exists in \(workingFolder)")
        }
        return folder
    }

    /// What *New module from a document* made: the module's entry, what was taken, and the document's warnings.
    package struct LessonCreation: Sendable, Encodable {
        package var entry: Entry
        package var report: [String]
        package var diagnostics: [PlacedDiagnostic]
    }

    /// Keeps a video sent for a new module until `createFromLesson` takes it; answers the name to give it. Checked as
    /// an upload to media/video is (a video's extension, content ffprobe agrees is a video, the size limit).
    package func stageVideo(_ bytes: [UInt8], name: String) throws(StudioError) -> String {
        let (_, kind) = try MediaUpload.mediaPath(folder: "video", name: name)
        guard kind == .video else {
            throw StudioError(.wrongType, "'\(name.prefix(80))' is not a video: a module's video ends in .mp4 or .webm")
        }
        guard bytes.count <= MediaUpload.sizeLimit else {
            throw StudioError(.tooLarge, "'\(name.prefix(80))' is larger than \(MediaUpload.sizeLimit >> 20) MB")
        }
        let folder = try PrivateFolder.make("video")
        let path = ModuleLayout.join(folder, "conversation." + (name as NSString).pathExtension.lowercased())
        do { try AtomicFile.write(bytes, to: path) } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw StudioError(.cannotWrite, "cannot keep the video: \(error)")
        }
        if probe.unavailableReason == nil, case .refused(let reason) = probe.probe(
            fileAt: path, kind: .video, fileExtension: (name as NSString).pathExtension) {
            try? FileManager.default.removeItem(atPath: folder)
            throw StudioError(.wrongType, "'\(name.prefix(80))' was not taken: \(reason)")
        }
        // A teacher who corrects the document and tries again keeps the video sent; a few are kept at most.
        stagedCount += 1
        let id = "v\(stagedCount)"
        stagedVideos[id] = path
        for old in stagedVideos.keys.sorted(by: { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }).dropLast(3) {
            if let dropped = stagedVideos.removeValue(forKey: old) {
                try? FileManager.default.removeItem(atPath: (dropped as NSString).deletingLastPathComponent)
            }
        }
        return id
    }

    /// *New module from a document*: a whole module from a teacher's lesson document, and their video when one was
    /// staged, made in the working folder as `lessonpack new --from` makes it, and opened. A document with an error
    /// makes nothing: the error (a `documentErrors` StudioError) carries the document's diagnostics.
    package func createFromLesson(name: String, title: String?, document: StudioLessonDocument, video: String?,
                                  speak: Bool) async throws(StudioError) -> LessonCreation {
        let folder = try newFolder(name)
        let videoPath: String?
        if let video, !video.isEmpty {
            guard let staged = stagedVideos[video] else {
                throw StudioError(.notFound, "the video sent for this module is no longer kept: choose it again")
            }
            videoPath = staged
        } else {
            videoPath = nil
        }
        let (read, diagnostics) = try document.read()
        guard let lesson = read else {
            throw StudioError(.documentErrors, "nothing was made: the document has mistakes; correct them and try again",
                              diagnostics: StudioLessonDocument.placed(diagnostics, folder: workingFolder))
        }
        let outcome: LessonModule.Outcome
        do {
            let trimmed = title?.trimmingCharacters(in: .whitespacesAndNewlines)
            outcome = try LessonModule.create(at: folder, id: name, title: trimmed?.isEmpty == false ? trimmed : nil,
                                              lesson: lesson, from: document.shownName, video: videoPath, speak: speak,
                                              align: aligner)
        } catch {
            let all = StudioLessonDocument.placed(diagnostics + error.diagnostics, folder: workingFolder)
            throw StudioError(all.contains { $0.severity == .error } ? .documentErrors : .cannotWrite,
                              "nothing was made: " + StudioWording.inFormWords(error.description), diagnostics: all)
        }
        if let video, let staged = stagedVideos.removeValue(forKey: video) {
            try? FileManager.default.removeItem(atPath: (staged as NSString).deletingLastPathComponent)
        }
        let editor = try ModuleEditor(key: String(editors.count), folder: folder, digests: digests)
        editors.append(editor)
        return LessonCreation(entry: await Self.entry(editor), report: outcome.report.map(StudioWording.reportLine),
                              diagnostics: StudioLessonDocument.placed(diagnostics + outcome.diagnostics,
                                                                       folder: folder))
    }

    private static func entry(_ editor: ModuleEditor) async -> Entry {
        let module = await editor.module
        let diagnostics = await editor.diagnostics
        return Entry(key: editor.key, folder: editor.folder, id: module.id, title: module.title,
                     errors: diagnostics.count { $0.severity == .error },
                     warnings: diagnostics.count { $0.severity == .warning })
    }
}
