import ArgumentParser
import Foundation
import LessonpackBundle

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that bundles are intact: container, every entry's size and hash, the entry list, the signature.",
        discussion: """
            Without --key a signature is checked against the key inside the bundle, which proves the bundle is \
            unchanged since it was signed, but not by whom. With --key the bundle must be signed by that key. \
            Exit status 0 when everything holds, 1 when anything does not, 2 when a bundle cannot be read.
            """)

    @Argument(help: "Bundles to verify.")
    var bundles: [String]

    @Option(help: "A public key (KEYFILE.pub) the bundles must be signed with.")
    var key: String?

    func validate() throws {
        if bundles.isEmpty { throw ValidationError("name at least one bundle") }
    }

    func run() throws {
        let trusted: VerificationKey?
        do { trusted = try key.map { path throws(BundleError) in try VerificationKey.load(from: path) } } catch {
            throw CommandFailure(error.description)
        }
        var invalid = false
        for bundle in bundles {
            guard FileManager.default.isReadableFile(atPath: bundle) else {
                throw CommandFailure("\(bundle): no such file")
            }
            let report = BundleVerifier.verify(bundle, trustedKey: trusted)
            if report.isValid {
                let what = report.manifest.map { "\($0.moduleID) \($0.version), \(report.entryCount) entries" } ?? ""
                Console.out("\(bundle): OK (\(what), \(report.signature))")
            } else {
                invalid = true
                for problem in report.problems { Console.out("\(bundle): error: \(problem)") }
                Console.out("\(bundle): FAILED")
            }
        }
        if invalid { throw ExitCode(1) }
    }
}
