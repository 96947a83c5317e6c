import LessonpackDiagnostics

/// A module read from its source folder: the model, where each part of it was written, and what reading found.
public struct ModuleSource: Sendable {
    /// The folder as the user named it; diagnostics show paths under it.
    public var folder: String
    public var module: Module
    public var map: SourceMap
    /// The source files that exist and could be read as property lists. Rules about a file's content skip the
    /// others: a file that did not parse has already been reported, and reporting everything it would have
    /// defined as missing only buries that one real problem.
    public var presentFiles: Set<SourceFile>
    public var diagnostics: [Diagnostic]

    /// `folder/file`, the path diagnostics and file access use.
    public func path(_ file: SourceFile) -> String { ModuleLayout.join(folder, file.path) }

    /// The path of a media file named as the sources name it (relative to media/).
    public func mediaPath(_ relativePath: String) -> String {
        ModuleLayout.join(ModuleLayout.join(folder, ModuleLayout.mediaFolder), relativePath)
    }

    public func location(_ file: SourceFile) -> SourceLocation { SourceLocation(file: path(file)) }

    /// The top-level dictionary of `file`, to point at its main keys.
    public func root(_ file: SourceFile) -> EntryOrigin { map.root(file, folder: folder) }
}
