import Foundation
import LessonpackAuthoring
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

    package init(folders: [String], workingFolder: String, outputFolder: String,
                 probe: any MediaProbe = FFProbe()) throws(StudioError) {
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
        guard Identifier.isValidModuleID(name), name.utf8.count <= 64 else {
            throw StudioError(.badName, "'\(name.prefix(64))' cannot name a module: use lowercase letters, digits and " +
                              "'-', e.g. 'at-the-bank'")
        }
        let folder = ModuleLayout.join(workingFolder, name)
        guard !FileManager.default.fileExists(atPath: folder) else {
            throw StudioError(.exists, "a folder named '\(name)' already exists in \(workingFolder)")
        }
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

    private static func entry(_ editor: ModuleEditor) async -> Entry {
        let module = await editor.module
        let diagnostics = await editor.diagnostics
        return Entry(key: editor.key, folder: editor.folder, id: module.id, title: module.title,
                     errors: diagnostics.count { $0.severity == .error },
                     warnings: diagnostics.count { $0.severity == .warning })
    }
}
