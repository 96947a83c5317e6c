import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackPlayer
import LessonpackProgress

struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Verify bundles and add them to your library, so 'play' takes their id.",
        discussion: """
            A newer version of a module sits beside the older one; your progress carries over to it. With \
            --catalog, installs or updates every module of a release folder (the output of 'lessonpack release'), \
            checking each bundle against the catalog's size, SHA-256 and signing key before verifying it.
            """)

    @Argument(help: "Bundles to install.")
    var bundles: [String] = []

    @Option(help: "A release folder holding catalog.json: install or update every module in it.")
    var catalog: String?

    @Option(help: "A public key the bundles must be signed with.")
    var key: String?

    @Option(help: "Where progress and installed modules are kept.")
    var dataDir: String?

    func validate() throws {
        if bundles.isEmpty && catalog == nil { throw ValidationError("name at least one bundle, or a --catalog folder") }
        if !bundles.isEmpty && catalog != nil { throw ValidationError("name bundles or a --catalog folder, not both") }
    }

    func run() throws {
        let library = ModuleLibrary(dataFolder: dataDir ?? ProgressStore.defaultFolder())
        let trusted: VerificationKey?
        do { trusted = try key.map { path throws(BundleError) in try VerificationKey.load(from: path) } } catch {
            throw CommandFailure(error.description)
        }
        if let catalog { return try installCatalog(catalog, into: library, trusted: trusted) }
        var failed = false
        for bundle in bundles {
            guard FileManager.default.isReadableFile(atPath: bundle) else { throw CommandFailure("\(bundle): no such file") }
            do {
                let installed = try library.install(bundle, trustedKey: trusted)
                Console.out("installed \(installed.id) \(installed.version) (\(installed.title), \(installed.signature))")
            } catch {
                failed = true
                for problem in error.problems { Console.error("\(bundle): error: \(problem)") }
            }
        }
        if failed { throw ExitCode(1) }
    }

    private func installCatalog(_ folder: String, into library: ModuleLibrary, trusted: VerificationKey?) throws {
        let outcomes: [ModuleLibrary.CatalogOutcome]
        do { outcomes = try library.install(catalog: folder, trustedKey: trusted) } catch {
            throw CommandFailure(error.description)
        }
        var counts = (installed: 0, updated: 0, current: 0, failed: 0)
        for outcome in outcomes {
            let name = "\(outcome.id) \(outcome.version)"
            switch outcome.result {
            case .installed:
                counts.installed += 1
                Console.out("installed \(name)")
            case .updated(let from):
                counts.updated += 1
                Console.out("updated \(outcome.id) \(from) → \(outcome.version) (your progress carries over)")
            case .upToDate:
                counts.current += 1
            case .failed(let problems):
                counts.failed += 1
                for problem in problems { Console.error("\(name): error: \(problem)") }
            }
        }
        Console.out("\(outcomes.count) modules in the catalog: \(counts.installed) installed, \(counts.updated) updated, " +
                    "\(counts.current) already up to date" + (counts.failed > 0 ? ", \(counts.failed) refused" : ""))
        if counts.failed > 0 { throw ExitCode(1) }
    }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the modules in your library.")

    @Option(help: "Where progress and installed modules are kept.")
    var dataDir: String?

    func run() throws {
        let installed = ModuleLibrary(dataFolder: dataDir ?? ProgressStore.defaultFolder()).list()
        guard !installed.isEmpty else {
            Console.out("No modules installed yet: 'lessonpack install BUNDLE' adds one.")
            return
        }
        for module in installed {
            Console.out(Formatting.padded(module.id, 24) + Formatting.padded(module.version, 10) + module.title +
                        " (\(module.signature))")
        }
    }
}
