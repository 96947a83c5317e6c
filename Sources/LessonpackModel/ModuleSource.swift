import LessonpackDiagnostics

/// A module read from its source folder: the model, where each part of it was written, and what reading found.
package struct ModuleSource: Sendable {
    /// The folder as the user named it; diagnostics show paths under it.
    package var folder: String
    package var module: Module
    package var map: SourceMap
    /// The source files that exist and could be read as property lists. Rules about a file's content skip the
    /// others: a file that did not parse has already been reported, and reporting everything it would have
    /// defined as missing only buries that one real problem.
    package var presentFiles: Set<SourceFile>
    package var diagnostics: [Diagnostic]

    /// `folder/file`, the path diagnostics and file access use.
    package func path(_ file: SourceFile) -> String { ModuleLayout.join(folder, file.path) }

    /// The path of a media file named as the sources name it (relative to media/).
    package func mediaPath(_ relativePath: String) -> String {
        ModuleLayout.join(ModuleLayout.join(folder, ModuleLayout.mediaFolder), relativePath)
    }

    package func location(_ file: SourceFile) -> SourceLocation { SourceLocation(file: path(file)) }

    /// The top-level dictionary of `file`, to point at its main keys.
    package func root(_ file: SourceFile) -> EntryOrigin { map.root(file, folder: folder) }
}
