import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

/// One rule about a module as a whole. Each lives in its own file under Rules/, is listed in `RuleCatalogue` with
/// the codes it reports (which say how serious each finding is), and has a fixture module per code under
/// Tests/LessonpackCheckTests/Fixtures/rules/ that breaks it.
package protocol CheckRule: Sendable {
    /// Whether the rule looks at the files under media/: a module compiled into a bundle has none to look at
    /// (the bundle's manifest vouches for its media instead), so such rules are left out when checking one.
    static var readsMediaFolder: Bool { get }
    func check(_ context: CheckContext) -> [Diagnostic]
}

extension CheckRule {
    package static var readsMediaFolder: Bool { false }
}

/// What a rule sees: the module, where each part was written when it was read from sources, and its media on
/// disk. A rule names the part it is about by a `ModulePath`; the context turns that into a place to show.
package struct CheckContext: Sendable {
    package let module: Module
    /// Where each part was written; nil for a module that has no sources (a bundle's module.json).
    package let map: SourceMap?
    /// The folder as the user named it, for advice such as 'lessonpack media scan FOLDER'; for a compiled module,
    /// the name its problems are reported under.
    package let folder: String
    /// The module's media/ folder; nil for a module that has none on disk (one read from a bundle).
    package let mediaFolder: MediaFolder?
    private let presentFiles: Set<SourceFile>
    /// Source files whose reading found an error: what they would have named is unknown.
    package let filesWithErrors: Set<SourceFile>

    package init(source: ModuleSource, mediaOnDisk: Bool = true, digests: DigestMemo? = nil) {
        module = source.module
        map = source.map
        folder = source.folder
        mediaFolder = mediaOnDisk ? MediaFolder(moduleFolder: source.folder, digests: digests) : nil
        presentFiles = source.presentFiles
        let paths = Dictionary(uniqueKeysWithValues: SourceFile.allCases.map { (source.path($0), $0) })
        filesWithErrors = Set(source.diagnostics.filter { $0.severity == .error }
            .compactMap { paths[$0.location.file] })
    }

    /// A module with no sources behind it: every file its content needs counts as written, every key as present.
    package init(compiled module: Module, reportedAs name: String) {
        self.module = module
        map = nil
        folder = name
        mediaFolder = nil
        presentFiles = Set(SourceFile.allCases.filter { module.hasContent(for: $0) })
        filesWithErrors = []
    }

    package func has(_ file: SourceFile) -> Bool { presentFiles.contains(file) }
    package func lists(_ activity: ActivityKind) -> Bool { module.activities.contains(activity) }

    /// Whether the sources write the key `path` names (a rule about a list stays quiet about one that is missing
    /// or of the wrong type: reading has reported it). Always true for a compiled module, which writes them all.
    package func writes(_ path: ModulePath) -> Bool { map.map { $0.written(path) != nil } ?? true }

    /// How many entries the list at `path` has as written, nil when the sources do not write it as a list; for a
    /// compiled module, `modelCount`.
    package func writtenCount(_ path: ModulePath, else modelCount: Int) -> Int? {
        guard let map else { return modelCount }
        return map.written(path)?.array?.count
    }

    /// "line 'l03'", for messages.
    package func describeLine(_ index: Int) -> String {
        let id = module.transcript[index].id
        return id.isEmpty ? "line \(index + 1)" : "line '\(id)'"
    }

    /// A finding about the part of the module at `path`, as serious as `RuleCatalogue` says `code` is.
    package func problem(_ code: DiagnosticCode, _ message: String, at path: ModulePath,
                         notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(RuleCatalogue.severity(of: code), code, message, at: location(of: path), notes: notes).about(path)
    }

    /// A finding about a file on disk that is no part of the module's sources (a file under media/).
    package func problem(_ code: DiagnosticCode, _ message: String, atFile location: SourceLocation) -> Diagnostic {
        Diagnostic(RuleCatalogue.severity(of: code), code, message, at: location)
    }

    /// A note pointing at another part of the module; a compiled module's notes have no place to point at.
    package func note(_ message: String, at path: ModulePath) -> Diagnostic.Note {
        Diagnostic.Note(message, at: map.map { $0.location(of: path) })
    }

    /// Where `path` is written, or, for a compiled module, the module as a whole.
    package func location(of path: ModulePath) -> SourceLocation {
        map?.location(of: path) ?? SourceLocation(file: folder)
    }
}
