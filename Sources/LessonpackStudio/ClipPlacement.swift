import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

/// Clips put in a module's media (uploaded in the studio, or found by `lessonpack media scan`) fill the clip fields
/// their names point at (MediaPlacement), written to the transcript and the questions as a save writes them: with
/// the files' comments and spellings kept. Only those two files change, and only when a field was filled.
package enum ClipPlacement {
    /// A field filled, for the page: its model path, the entry in words, and the clip's media path.
    package struct Placed: Sendable, Encodable, Equatable {
        package var field: String
        package var entry: String
        package var path: String
    }

    /// Fills what `paths` name and writes it; answers what was filled. A module that does not read, or whose
    /// transcript or questions have errors the model cannot carry (an empty clip is one it can), is left alone.
    package static func place(_ paths: [String], in folder: String) throws(StudioError) -> [Placed] {
        guard let source = try? ModuleLoader.load(folder: folder) else { return [] }
        let targets: [SourceFile] = [.transcript, .questions]
        let unreadable = source.diagnostics.contains { diagnostic in
            diagnostic.severity == .error && !ModuleEditor.editableErrors.contains(diagnostic.code)
                && targets.contains { ModuleFiles.relative(diagnostic.location.file, in: folder) == $0.path }
        }
        guard !unreadable else { return [] }
        var module = source.module
        let filled = MediaPlacement.fill(&module, with: paths,
                                         onDisk: Set(MediaFolder(moduleFolder: folder).allFiles()))
        guard !filled.isEmpty else { return [] }
        let values = ModuleSourceWriter.values(of: module)
        for file in targets {
            guard let value = values[file], let text = try SourceFileWriter.text(of: value, as: file, in: folder) else { continue }
            do {
                try AtomicFile.write(Array(text.utf8), at: file.path, inside: folder)
            } catch {
                throw StudioError(.cannotWrite, error.description)
            }
        }
        return filled.map { Placed(field: $0.field, entry: $0.entry, path: $0.path) }
    }
}
