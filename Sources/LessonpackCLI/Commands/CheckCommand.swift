import ArgumentParser
import Foundation
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check module folders and report every problem, with file, line and column.",
        discussion: """
            Checks each file's syntax and schema, then the rules that span files: speakers, line ids, media \
            (present, listed, matching size and SHA-256), terms and definitions, the video task, questions, \
            timings and the test bank. docs/format.md explains every rule by its code. A folder that is not a \
            module but holds modules is checked module by module ('lessonpack check Modules').

            Exit status: 0 no errors (warnings allowed unless --werror), 1 errors found, 2 usage or I/O failure.

            Examples:
              lessonpack check Modules/at-the-cafe
              lessonpack check Modules --werror
              lessonpack check --watch Modules/at-the-cafe
            """)

    @Argument(help: "Module folders to check, or folders holding them.", completion: .directory)
    var folders: [String]

    @OptionGroup var options: DiagnosticOptions

    @Flag(help: "Keep checking: after the first report, re-check on every save and print only what changed.")
    var watch = false

    @Option(help: ArgumentHelp("Seconds between looks for saved files, with --watch.", visibility: .hidden))
    var interval: Double = 0.5

    func validate() throws {
        if folders.isEmpty { throw ValidationError("name at least one module folder") }
        if watch && options.format == .json { throw ValidationError("--watch reports changes as text; leave out --format json") }
    }

    func run() throws {
        let folders = Self.modules(in: self.folders)
        if watch { try CheckWatch(folders: folders, options: options, interval: interval).run() }
        let engine = try options.engine()
        var modules: [DiagnosticJSONWriter.ModuleEntry] = []
        // Modules are checked on every core; their reports come out in the order the folders were named.
        OrderedParallelMap.run(folders, transform: { folder in
            (folder, Result { () throws(ModuleLoader.Failure) in try ModuleChecker.check(folder: folder) })
        }, consume: { folder, outcome in
            let result: ModuleChecker.Result
            switch outcome {
            case .success(let checked):
                result = checked
            case .failure(let error):
                modules.append(.init(path: folder, errors: 0, warnings: 0, failure: error.description))
                engine.fail(error)
                return
            }
            let diagnostics = engine.emit(result.diagnostics)
            let module = result.source.module
            modules.append(.init(path: folder, id: module.id.isEmpty ? nil : module.id,
                                 version: module.version.isEmpty ? nil : module.version,
                                 errors: diagnostics.errorCount, warnings: diagnostics.warningCount))
            engine.summarise(summary(folder, diagnostics, identity: module))
        })
        if folders.count > 1 {
            engine.summarise("\(folders.count) module\(folders.count == 1 ? "" : "s"): \(engine.counts)")
        }
        try engine.finish(command: "check", body: DiagnosticJSONWriter.CheckBody(modules: modules))
    }

    /// The folders to check: each one named, except that a folder which is not a module (no module.plist) but
    /// holds modules stands for them, in name order, as `check Modules` means "the modules in there". A folder
    /// holding neither stays, to be reported as the module it fails to be.
    static func modules(in folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            guard !isRegularFile(folder + "/module.plist"),
                  let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [folder] }
            let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            let found = names.sorted().filter { !$0.hasPrefix(".") && isRegularFile(base + "/" + $0 + "/module.plist") }
                .map { base + "/" + $0 }
            return found.isEmpty ? [folder] : found
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    private func summary(_ folder: String, _ diagnostics: [Diagnostic], identity module: Module) -> String {
        let name = module.id.isEmpty ? folder : "\(folder) (\(module.id) \(module.version))"
        return diagnostics.isEmpty ? "\(name): OK" : "\(name): \(counts(diagnostics))"
    }
}

func counts(_ diagnostics: [Diagnostic]) -> String {
    let errors = diagnostics.errorCount
    let warnings = diagnostics.warningCount
    return "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
}
