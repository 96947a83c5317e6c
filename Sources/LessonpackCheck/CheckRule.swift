import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

/// One rule about a module as a whole. Each lives in its own file under Rules/, reports only the codes it lists,
/// and has a fixture module under Tests/LessonpackCheckTests/Fixtures/rules/ that breaks it.
package protocol CheckRule: Sendable {
    /// Every code this rule can report: the fixture tests hold each rule to having a fixture per code.
    static var codes: [DiagnosticCode] { get }
    /// Whether the rule looks at the files under media/: a module compiled into a bundle has none to look at
    /// (the bundle's manifest vouches for its media instead), so such rules are left out when checking one.
    static var readsMediaFolder: Bool { get }
    func check(_ context: CheckContext) -> [Diagnostic]
}

extension CheckRule {
    package static var readsMediaFolder: Bool { false }
}

/// What a rule sees: the module as read, where each part was written, and its media on disk.
package struct CheckContext: Sendable {
    package let source: ModuleSource
    /// The module's media/ folder; nil for a module that has none on disk (one read back from a bundle).
    package let mediaFolder: MediaFolder?

    package init(source: ModuleSource, mediaOnDisk: Bool = true, digests: DigestMemo? = nil) {
        self.source = source
        self.mediaFolder = mediaOnDisk ? MediaFolder(moduleFolder: source.folder, digests: digests) : nil
    }

    package var module: Module { source.module }
    package var map: SourceMap { source.map }

    package func has(_ file: SourceFile) -> Bool { source.presentFiles.contains(file) }
    package func lists(_ activity: ActivityKind) -> Bool { module.activities.contains(activity) }

    /// "line 'l03'", for messages.
    package func describeLine(_ index: Int) -> String {
        let id = module.transcript[index].id
        return id.isEmpty ? "line \(index + 1)" : "line '\(id)'"
    }
}
