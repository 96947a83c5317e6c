import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackDiagnostics
import LessonpackLibrary
import LessonpackProgress
import LessonpackRemote
import LessonpackSigning
import TerminalText

struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Verify bundles and add them to your library, so 'play' takes their id.",
        discussion: """
            A newer version of a module sits beside the older one; your progress carries over to it. With \
            --catalog, installs or updates every module of a release folder (the output of 'lessonpack release'), \
            checking each bundle against the catalog's size, SHA-256 and signing key before verifying it. Given an \
            http:// or https:// address, fetches the release's signed catalog, trusts its key from then on (or the \
            one given with --key), and remembers the address for 'lessonpack update' (docs/publishing.md).

            With --key, every bundle must be signed by that key, an installed copy that is not is replaced, and a \
            version older than one installed is refused (unless --allow-downgrade). Without --key, a change of \
            signer or an older version is installed with a warning. docs/bundle-format.md has the trust rules.

            Examples:
              lessonpack install dist/at-the-cafe-1.0.0.lessonpack
              lessonpack install --catalog https://lessons.example.org/catalog.json --key publisher.pub
            """)

    @Argument(help: "Bundles to install.", completion: .file(extensions: ["lessonpack"]))
    var bundles: [String] = []

    @Option(help: "A release folder holding catalog.json, or the https:// address of one: install or update every module in it.",
            completion: .directory)
    var catalog: String?

    @OptionGroup var libraryOptions: LibraryOptions

    var format: OutputFormat { libraryOptions.output.format }

    func validate() throws {
        if bundles.isEmpty && catalog == nil { throw ValidationError("name at least one bundle, or a --catalog folder") }
        if !bundles.isEmpty && catalog != nil { throw ValidationError("name bundles or a --catalog folder, not both") }
    }

    func run() throws {
        let (library, trust) = try libraryOptions.open()
        let engine = libraryOptions.output.engine()
        if let catalog { return try installCatalog(catalog, into: library, trust: trust, engine: engine) }
        var report = InstallJSON()
        for bundle in bundles {
            do {
                let outcome = try library.install(bundle, trust: trust)
                engine.emit(outcome.warnings)
                let installed = outcome.installed
                report.modules.append(.init(source: bundle, id: installed.id, version: installed.version,
                                            result: outcome.alreadyInstalled ? "already-installed" : "installed",
                                            signature: "\(installed.signature)"))
                guard format == .text else { continue }
                Console.out(outcome.alreadyInstalled
                    ? "\(installed.id) \(installed.version) is already installed (\(installed.signature))"
                    : "installed \(installed.id) \(installed.version) (\(TerminalSafe.line(installed.title)), " +
                      "\(installed.signature))")
            } catch {
                engine.emit(error.diagnostics, unreadable: DiagnosticsEngine.unreadableBundle)
                report.modules.append(.init(source: bundle, result: "failed"))
            }
        }
        try engine.finish(command: "install", body: report)
    }

    private func installCatalog(_ folder: String, into library: ModuleLibrary, trust: ModuleLibrary.Trust,
                                engine: DiagnosticsEngine) throws {
        if RemoteLibrary.isWebAddress(folder) {
            return try RemoteCatalogRun(library: library, trust: trust, engine: engine).install(folder)
        }
        let outcomes = try library.install(catalog: folder, trust: trust)
        var report = InstallJSON()
        let counts = CatalogCounts(outcomes, source: folder, engine: engine, report: &report)
        engine.summarise("\(outcomes.count) modules in the catalog: \(counts.summary)")
        try engine.finish(command: "install", body: report, ok: counts.failed == 0)
        if counts.failed > 0 { throw ExitCode(1) }
    }
}

/// What `install` and `update` share: the library, whom it trusts, and how to report.
struct LibraryOptions: ParsableArguments {
    @Option(help: "The publisher's public key every bundle (and a web catalog) must be signed with.", completion: .file())
    var key: String?

    @Flag(help: "Install a version older than one installed, which --key and web catalogs otherwise refuse.")
    var allowDowngrade = false

    @Option(help: "Where progress and installed modules are kept.", completion: .directory)
    var dataDir: String?

    @OptionGroup var output: OutputOptions

    func open() throws -> (ModuleLibrary, ModuleLibrary.Trust) {
        let trustedKey = try key.map { path throws(CodedError) in try VerificationKey.load(from: path) }
        return (ModuleLibrary(dataFolder: dataDir ?? ProgressStore.defaultFolder()),
                ModuleLibrary.Trust(key: trustedKey, allowDowngrade: allowDowngrade))
    }
}

/// What became of a catalog's modules, each said as it is counted (a line each for text, an entry of
/// `install --format json` otherwise).
struct CatalogCounts {
    var installed = 0, updated = 0, current = 0, failed = 0

    var summary: String {
        "\(installed) installed, \(updated) updated, \(current) already up to date" + (failed > 0 ? ", \(failed) refused" : "")
    }

    init(_ outcomes: [ModuleLibrary.CatalogOutcome], source folder: String, engine: DiagnosticsEngine,
         report: inout InstallJSON) {
        let text = !engine.isJSON
        for outcome in outcomes {
            let name = "\(outcome.id) \(outcome.version)"
            engine.emit(outcome.warnings)
            switch outcome.result {
            case .installed:
                installed += 1
                report.modules.append(.init(source: folder, id: outcome.id, version: outcome.version, result: "installed"))
                if text { Console.out("installed \(name)") }
            case .updated(let from):
                updated += 1
                report.modules.append(.init(source: folder, id: outcome.id, version: outcome.version, result: "updated",
                                            from: from))
                if text { Console.out("updated \(outcome.id) \(from) → \(outcome.version) (your progress carries over)") }
            case .upToDate:
                current += 1
                report.modules.append(.init(source: folder, id: outcome.id, version: outcome.version, result: "up-to-date"))
            case .failed(let problems):
                failed += 1
                report.modules.append(.init(source: folder, id: outcome.id, version: outcome.version, result: "failed"))
                engine.emit(problems)
            }
        }
    }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the modules in your library.",
        discussion: """
            Examples:
              lessonpack list
              lessonpack list --format json
            """)

    @Option(help: "Where progress and installed modules are kept.", completion: .directory)
    var dataDir: String?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let installed = ModuleLibrary(dataFolder: dataDir ?? ProgressStore.defaultFolder()).list()
        let engine = output.engine()
        if engine.isJSON {
            let body = ListJSON(modules: installed.map {
                .init(id: $0.id, version: $0.version, title: $0.title, signature: "\($0.signature)")
            })
            return try engine.finish(command: "list", body: body)
        }
        guard !installed.isEmpty else {
            Console.out("No modules installed yet: 'lessonpack install BUNDLE' adds one.")
            return
        }
        for module in installed {
            Console.out(Formatting.padded(module.id, 24) + Formatting.padded(module.version, 10) +
                        TerminalSafe.line(module.title) + " (\(module.signature))")
        }
    }
}

/// `install --format json`'s own keys: `{"modules": [{"source", "id", "version", "result", "from", "signature"}]}`,
/// result one of `installed`, `updated`, `already-installed`, `up-to-date`, `failed`.
struct InstallJSON: Encodable {
    struct Module: Encodable {
        var source: String
        var id: String?
        var version: String?
        var result: String
        var from: String?
        var signature: String?
    }
    var modules: [Module] = []
}

/// `list --format json`'s own keys: `{"modules": [{"id", "version", "title", "signature"}]}`.
struct ListJSON: Encodable {
    struct Module: Encodable { var id, version, title, signature: String }
    var modules: [Module]
}
