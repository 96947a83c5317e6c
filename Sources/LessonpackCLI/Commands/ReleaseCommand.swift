import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackCatalog
import LessonpackCatalogFormat
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem

struct ReleaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Build every module under a folder into a catalog, skipping what has not changed.",
        discussion: """
            Finds every module (a folder with module.plist) under FOLDER, checks and builds them on every core into \
            OUTDIR, and writes OUTDIR/catalog.plist and catalog.json (each bundle's id, title, version, level, size, \
            SHA-256 and signing key) and OUTDIR/CHANGELOG.md (what changed since the last release). A module whose \
            files, lessonpack version and signing key are unchanged since the last release is not built again. If \
            any module has an error, every problem in every module is listed and nothing is written. A module \
            whose content changed must raise its version, as with 'build --previous'.

            Exit status: 0 released, 1 problems found (nothing written), 2 usage or I/O failure.
            """)

    @Argument(help: "The folder holding the modules.")
    var folder: String

    @Option(name: .shortAndLong, help: "The folder to write the bundles and the catalog into.")
    var output: String

    @Option(name: .customLong("sign"), help: "Sign every bundle with this private key (see 'lessonpack keygen').")
    var signingKey: String?

    @Option(help: "How many modules to check and build at once. Default: one per core.")
    var jobs: Int = OrderedParallelMap.defaultWidth

    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if diagnostics.format == .json { throw ValidationError("release reports as text; leave out --format json") }
    }

    func run() throws {
        let key: SigningKey?
        do { key = try signingKey.map { path throws(BundleError) in try SigningKey.load(from: path) } } catch {
            throw CommandFailure(error.description)
        }
        let options = Release.Options(output: output, signingKey: key, jobs: jobs, timestamp: try SourceDateEpoch.read(),
                                      warningsAsErrors: diagnostics.warningsAsErrors, progress: { event in
                                          if case .built(let path) = event { Console.out("built \(path)") }
                                      })
        let outcome: Release.Outcome
        do { outcome = try Release.run(folder, options: options) } catch { throw CommandFailure(error.diagnostic) }

        let found = outcome.diagnostics
        let writer = DiagnosticConsoleWriter(style: Style(enabled: diagnostics.color.enabled(for: 2)))
        for diagnostic in found.sortedForDisplay() { Console.styled(writer.render(diagnostic), terminator: "", toError: true) }
        guard !found.hasErrors, let catalog = outcome.catalog else {
            let modules = Set(found.filter { $0.severity == .error }.map { moduleOf($0.location.file) }).count
            Console.error("nothing was released: \(counts(found)) in \(modules) module\(modules == 1 ? "" : "s")")
            throw ExitCode(1)
        }
        for file in outcome.removed { Console.out("removed \(ModuleLayout.join(output, file)) (replaced)") }
        let summary = "\(catalog.modules.count) modules: \(outcome.built.count) built, \(outcome.unchanged.count) " +
            "unchanged (\(outcome.filesHashed) files read to hash)"
        guard outcome.catalogWritten else {
            Console.out("nothing changed since release \(catalog.release); the catalog was left as it was. \(summary)")
            return
        }
        for change in catalog.changes {
            let versions = [change.fromVersion, change.toVersion].compactMap { $0 }.joined(separator: " → ")
            Console.out("  \(change.id) \(versions): \(change.kind.rawValue)" +
                        (change.details.isEmpty ? "" : " (\(change.details.joined(separator: "; ")))"))
        }
        Console.out("release \(catalog.release): \(summary); wrote \(ModuleLayout.join(output, Catalog.fileName)), " +
                    "\(Catalog.jsonFileName) and CHANGELOG.md")
    }

    /// The module folder a diagnostic is in, for counting modules with errors.
    private func moduleOf(_ file: String) -> String {
        var folder = (file as NSString).deletingLastPathComponent
        while !folder.isEmpty, folder != "/", !FileManager.default.fileExists(atPath: folder + "/module.plist") {
            folder = (folder as NSString).deletingLastPathComponent
        }
        return folder.isEmpty || folder == "/" ? file : folder
    }
}
