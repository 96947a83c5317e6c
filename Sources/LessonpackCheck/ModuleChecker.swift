import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

/// `lessonpack check`: read a module folder, then run every rule over it; or run the rules over a module that
/// arrived compiled, with no sources behind it.
package enum ModuleChecker {
    /// Every rule, as the catalogue lists them.
    package static var rules: [any CheckRule] { RuleCatalogue.entries.map(\.rule) }

    package struct Result: Sendable {
        package var source: ModuleSource
        /// Reading problems and rule findings together, sorted by file, line and column.
        package var diagnostics: [Diagnostic]
    }

    /// `digests` remembers media hashes between checks of the same folder (the studio checks after every save).
    package static func check(folder: String, digests: DigestMemo? = nil) throws(ModuleLoader.Failure) -> Result {
        let source = try ModuleLoader.load(folder: folder)
        return Result(source: source, diagnostics: check(source, digests: digests))
    }

    /// `mediaOnDisk: false` leaves out the rules that look at the media folder.
    package static func check(_ source: ModuleSource, mediaOnDisk: Bool = true, digests: DigestMemo? = nil) -> [Diagnostic] {
        let context = CheckContext(source: source, mediaOnDisk: mediaOnDisk, digests: digests)
        var diagnostics = source.diagnostics
        for rule in rules where mediaOnDisk || !type(of: rule).readsMediaFolder { diagnostics += rule.check(context) }
        return diagnostics.sortedForDisplay()
    }

    /// The name a compiled module's problems are reported under: it has no files of its own.
    package static let compiledName = "module.json"

    /// A module that arrived compiled (a bundle's module.json), held to the rules `check` holds sources to, as it
    /// is: every rule that does not need media files on disk (a bundle's manifest and hashes stand for those), and
    /// the values reading would have judged. Each problem carries the `ModulePath` of what it is about and no place
    /// in a file.
    package static func check(compiled module: Module) -> [Diagnostic] {
        let context = CheckContext(compiled: module, reportedAs: compiledName)
        var diagnostics: [Diagnostic] = []
        for rule in rules + [RuleCatalogue.compiledValues.rule] where !type(of: rule).readsMediaFolder {
            diagnostics += rule.check(context)
        }
        return diagnostics
    }
}
