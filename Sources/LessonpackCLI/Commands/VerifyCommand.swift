import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackDiagnostics
import LessonpackSigning

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that bundles are intact: container, every entry's size and hash, the entry list, the signature.",
        discussion: """
            Without --key a signature is checked against the key inside the bundle, which proves the bundle is \
            unchanged since it was signed, but not by whom. With --key the bundle must be signed by that key. \
            Every bundle named is checked, whatever the others give. Exit status 0 when everything holds, 1 when \
            anything does not, 2 when a bundle cannot be read at all (missing, not a file, not a ZIP file).

            Examples:
              lessonpack verify dist/at-the-cafe-1.0.0.lessonpack --key publisher.pub
            """)

    @Argument(help: "Bundles to verify.", completion: .file(extensions: ["lessonpack"]))
    var bundles: [String]

    @Option(help: "A public key (KEYFILE.pub) the bundles must be signed with.", completion: .file())
    var key: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if bundles.isEmpty { throw ValidationError("name at least one bundle") }
    }

    func run() throws {
        let trusted = try key.map { path throws(CodedError) in try VerificationKey.load(from: path) }
        let engine = output.engine()
        var document = VerifyJSON.Document()
        for bundle in bundles {
            let report = BundleVerifier.verify(bundle, trustedKey: trusted)
            engine.emit(report.diagnostics, unreadable: DiagnosticsEngine.unreadableBundle)
            document.add(bundle, report)
            if report.isValid {
                let what = report.manifest.map { "\($0.moduleID) \($0.version), \(report.entryCount) entries" } ?? ""
                engine.summarise("\(bundle): OK (\(what), \(report.signature))")
            } else if !engine.isJSON {
                Console.out("\(bundle): FAILED")
            }
        }
        try engine.finish(command: "verify", body: document)
    }
}

/// `verify --format json`'s own keys, in the frame every command shares (`JSONReport`):
///
///     {"bundles": [{"path", "valid", "id", "moduleVersion", "entries", "signature", "signedBy"}]}
enum VerifyJSON {
    struct Document: Encodable {
        var bundles: [Bundle] = []

        mutating func add(_ path: String, _ report: BundleVerifier.Report) {
            let signature: String = switch report.signature {
            case .unsigned: "unsigned"
            case .valid: "signed"
            case .invalid: "invalid"
            }
            bundles.append(Bundle(path: path, valid: report.isValid, id: report.manifest?.moduleID,
                                  moduleVersion: report.manifest?.version, entries: report.entryCount,
                                  signature: signature, signedBy: report.signature.keyID))
        }
    }

    struct Bundle: Encodable {
        var path: String
        var valid: Bool
        var id: String?
        var moduleVersion: String?
        var entries: Int
        var signature: String
        var signedBy: String?
    }
}
