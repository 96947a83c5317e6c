import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackPlayer
import LessonpackProgress

struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Verify bundles and add them to your library, so 'play' takes their id.",
        discussion: "A newer version of a module sits beside the older one; your progress carries over to it.")

    @Argument(help: "Bundles to install.")
    var bundles: [String]

    @Option(help: "A public key the bundles must be signed with.")
    var key: String?

    @Option(help: "Where progress and installed modules are kept.")
    var dataDir: String?

    func validate() throws {
        if bundles.isEmpty { throw ValidationError("name at least one bundle") }
    }

    func run() throws {
        let library = ModuleLibrary(dataFolder: dataDir ?? ProgressStore.defaultFolder())
        let trusted: VerificationKey?
        do { trusted = try key.map { path throws(BundleError) in try VerificationKey.load(from: path) } } catch {
            throw CommandFailure(error.description)
        }
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
