import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackSigning

struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make an Ed25519 key pair for signing bundles.",
        discussion: """
            Writes KEYFILE (the private key, readable only by you: keep it secret) and KEYFILE.pub (the public key, \
            for 'lessonpack verify --key'). Both are PEM files that OpenSSL reads too.

            Examples:
              lessonpack keygen publisher.key
            """)

    @Argument(help: "Where to write the private key.", completion: .file())
    var keyFile: String

    @Flag(help: "Replace existing key files.")
    var force = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        for path in [keyFile, keyFile + ".pub"] where FileManager.default.fileExists(atPath: path) && !force {
            throw CommandFailure(.keyFileExists, "\(path) already exists; use --force to replace it")
        }
        let key = SigningKey.generate()
        try key.save(to: keyFile)
        let engine = output.engine()
        engine.summarise("wrote \(keyFile) (private) and \(keyFile).pub (public); key id \(key.verificationKey.keyID)")
        try engine.finish(command: "keygen", body: KeygenJSON(privateKey: keyFile, publicKey: keyFile + ".pub",
                                                             keyID: key.verificationKey.keyID))
    }
}

/// `keygen --format json`'s own keys: `{"privateKey", "publicKey", "keyID"}` (the files written, and the key's id).
struct KeygenJSON: Encodable {
    var privateKey: String
    var publicKey: String
    var keyID: String
}
