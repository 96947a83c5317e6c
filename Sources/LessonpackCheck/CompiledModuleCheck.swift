import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    /// A compiled module (a bundle's module.json) that no source folder could have produced.
    package static let moduleJSONInvalid: DiagnosticCode = "module-json-invalid"
}

/// Checks a module that arrived compiled, from a bundle nobody here checked, by exactly the rules `lessonpack check`
/// applies to a source folder: the module is written back out as its source files, read in again by the same
/// reader, and run through every rule that does not need the media files on disk (the bundle's manifest and hashes
/// stand for those). It must also read back as itself: a field the source format cannot say, or says differently,
/// would otherwise slip past every rule.
package enum CompiledModuleCheck {
    /// The name the module's files go under in diagnostics: they never exist on disk.
    package static let folder = "module.json"

    /// The errors found, each with the code `check` would give it. Warnings are not reported: a bundle is refused
    /// only for what would stop a build.
    package static func errors(in module: Module) -> [Diagnostic] {
        let location = SourceLocation(file: folder)
        let sources: [SourceFile: [UInt8]]
        do { sources = try ModuleSourceWriter.sources(of: module) } catch {
            return [.error(.moduleJSONInvalid, "it holds what a module's sources cannot: \(error.description)",
                           at: location)]
        }
        let source = ModuleLoader.load(sources: sources, folder: folder)
        let errors = ModuleChecker.check(source, mediaOnDisk: false).filter { $0.severity == .error }
        guard errors.isEmpty else { return errors }
        if let field = firstDifference(source.module, module) {
            return [.error(.moduleJSONInvalid, "its \(field) does not read back as written: it holds what a module's " +
                           "sources cannot say", at: location)]
        }
        return []
    }

    /// The first part of the module that differs, named for a message.
    private static func firstDifference(_ read: Module, _ original: Module) -> String? {
        let parts: [(String, Bool)] = [
            ("identity", read.id == original.id && read.title == original.title && read.version == original.version
                && read.level == original.level && read.summary == original.summary && read.video == original.video),
            ("speakers", read.speakers == original.speakers), ("objectives", read.objectives == original.objectives),
            ("activities", read.activities == original.activities), ("transcript", read.transcript == original.transcript),
            ("definitions", read.definitions == original.definitions), ("phrasebook", read.phrasebook == original.phrasebook),
            ("video task", read.videoTask == original.videoTask), ("questions", read.questions == original.questions),
            ("test", read.test == original.test), ("media list", read.media == original.media),
        ]
        return parts.first { !$0.1 }?.0
    }
}
