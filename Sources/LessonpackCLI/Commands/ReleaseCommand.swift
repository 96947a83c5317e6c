import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackCatalog
import LessonpackCatalogFormat
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSigning
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
            whose content changed must raise its version, as with 'build --previous'. Progress goes to standard \
            error as it happens ([N/M] checked, then [N/M] packed); each bundle moved into OUTDIR is listed on \
            standard output. --transcode re-encodes media for size as 'build --transcode' does, with the same \
            cache, sharing the cores with the builds running beside it.

            Exit status: 0 released, 1 problems found (nothing written), 2 usage or I/O failure.

            Examples:
              lessonpack release Modules --output site --sign publisher.key
              lessonpack release Modules --output site --jobs 2 --transcode
            """)

    @Argument(help: "The folder holding the modules.", completion: .directory)
    var folder: String

    @Option(name: .shortAndLong, help: "The folder to write the bundles and the catalog into.", completion: .directory)
    var output: String

    @Option(name: .customLong("sign"), help: "Sign every bundle with this private key (see 'lessonpack keygen'; default: 'signingKey' in config.plist).",
            completion: .file())
    var signingKey: String?

    // No default value in the declaration: ArgumentParser would print it in the help and the manual page, which
    // would then carry the core count of the machine that built them.
    @Option(help: "How many modules to check and build at once. Default: one per core.")
    var jobs: Int?

    @Flag(help: "Re-encode media for size with ffmpeg (speech audio to Opus, video to H.264), caching the results.")
    var transcode = false

    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let configuration = try UserConfiguration.load()
        let key = try (signingKey ?? configuration.signingKey).map { path throws(CodedError) in try SigningKey.load(from: path) }
        let transcoder = transcode ? try Transcoder.make(cacheFolder: Transcoder.defaultCacheFolder()) : nil
        let engine = try diagnostics.engine(configuration: configuration)
        let json = engine.isJSON
        let progress = ProgressLine(enabled: Console.isTerminal(2) && !diagnostics.output.quiet)
        let options = Release.Options(output: output, signingKey: key, jobs: jobs ?? OrderedParallelMap.defaultWidth, timestamp: try SourceDateEpoch.read(),
                                      warningsAsErrors: diagnostics.warningsAsErrors, transcoder: transcoder,
                                      progress: { event in
            switch event {
            case .checked(let module, let done, let total):
                progress.show(text: "[\(done)/\(total)] checked \(module)")
            case .packed(let module, let done, let total):
                progress.show(text: "[\(done)/\(total)] packed \(module)")
            case .built(let path, let done, let total):
                progress.clear()
                if !json { Console.out("[\(done)/\(total)] built \(path)") }
            }
        })
        let outcome: Release.Outcome
        do { outcome = try Release.run(folder, options: options) } catch {
            progress.clear()
            engine.fail(error)
            return try engine.finish(command: "release", body: ReleaseJSON())
        }
        progress.clear()

        // Release already promoted warnings under --werror.
        let found = engine.emit(outcome.diagnostics)
        guard !found.hasErrors, let catalog = outcome.catalog else {
            if !json {
                let modules = Set(found.filter { $0.severity == .error }.map { moduleOf($0.location.file) }).count
                Console.error("nothing was released: \(counts(found)) in \(modules) module\(modules == 1 ? "" : "s")")
            }
            try engine.finish(command: "release", body: ReleaseJSON(outcome), ok: false)
            throw ExitCode(1)
        }
        if json { return try engine.finish(command: "release", body: ReleaseJSON(outcome)) }
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

/// `release --format json`'s own keys: `{"release": N, "built": [folder], "unchanged": [folder], "removed": [file],
/// "catalogWritten": bool, "modules": [{"id", "version", "file", "size", "sha256", "signedBy"}],
/// "changes": [{"id", "kind", "from", "to", "details"}]}`.
struct ReleaseJSON: Encodable {
    struct Module: Encodable { var id, version, file: String; var size: Int; var sha256: String; var signedBy: String? }
    struct Change: Encodable { var id, kind: String; var from, to: String?; var details: [String] }

    var release: Int?
    var built: [String] = []
    var unchanged: [String] = []
    var removed: [String] = []
    var catalogWritten = false
    var modules: [Module] = []
    var changes: [Change] = []

    init() {}

    init(_ outcome: Release.Outcome) {
        release = outcome.catalog?.release
        built = outcome.built
        unchanged = outcome.unchanged
        removed = outcome.removed
        catalogWritten = outcome.catalogWritten
        modules = (outcome.catalog?.modules ?? []).map {
            Module(id: $0.id, version: $0.version, file: $0.file, size: $0.size, sha256: $0.sha256, signedBy: $0.signedBy)
        }
        changes = (outcome.catalog?.changes ?? []).map {
            Change(id: $0.id, kind: $0.kind.rawValue, from: $0.fromVersion, to: $0.toVersion, details: $0.details)
        }
    }
}
