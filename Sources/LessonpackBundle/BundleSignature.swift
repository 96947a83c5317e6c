import Crypto
import _CryptoExtras
import Foundation
import LessonpackSystem
import PropertyList

/// An Ed25519 key pair for signing bundles, stored as standard PEM (PKCS #8 and SubjectPublicKeyInfo), so OpenSSL
/// and other tools read the same files.
package struct SigningKey: Sendable {
    package let privateKey: Curve25519.Signing.PrivateKey

    package static func generate() -> SigningKey { SigningKey(privateKey: Curve25519.Signing.PrivateKey()) }

    package var verificationKey: VerificationKey { VerificationKey(publicKey: privateKey.publicKey) }

    /// Writes `path` (the private key, readable by its owner only) and `path.pub` (the public key).
    package func save(to path: String) throws(BundleError) {
        do {
            try AtomicFile.write(Array(privateKey.pemRepresentation.utf8) + [0x0A], to: path, permissions: 0o600)
            try AtomicFile.write(Array(verificationKey.pem.utf8) + [0x0A], to: path + ".pub")
        } catch {
            throw BundleError(.keyInvalid, error.description)
        }
    }

    package static func load(from path: String) throws(BundleError) -> SigningKey {
        let text = try readKeyFile(path)
        do {
            return SigningKey(privateKey: try Curve25519.Signing.PrivateKey(pemRepresentation: text))
        } catch {
            throw BundleError(.keyInvalid, "\(path) is not an Ed25519 private key in PEM form (make one with 'lessonpack keygen')")
        }
    }

    package func sign(_ message: [UInt8]) throws(BundleError) -> [UInt8] {
        do { return [UInt8](try privateKey.signature(for: message)) } catch { throw BundleError(.keyInvalid, "cannot sign: \(error)") }
    }
}

/// The public half: checks signatures, and names itself by a short fingerprint.
package struct VerificationKey: Sendable, Equatable {
    package let publicKey: Curve25519.Signing.PublicKey

    package static func == (lhs: VerificationKey, rhs: VerificationKey) -> Bool {
        lhs.publicKey.rawRepresentation == rhs.publicKey.rawRepresentation
    }

    package var pem: String { publicKey.pemRepresentation }

    /// The first 16 hex digits of the SHA-256 of the raw key: enough to tell keys apart at a glance.
    package var keyID: String { String(FileDigest.sha256(of: [UInt8](publicKey.rawRepresentation)).prefix(16)) }

    package init(publicKey: Curve25519.Signing.PublicKey) { self.publicKey = publicKey }

    package init(raw: [UInt8]) throws(BundleError) {
        do { publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: raw) } catch {
            throw BundleError(.signatureInvalid, "the signature's public key is malformed")
        }
    }

    /// Reads a public key file, or the public half of a private key file.
    package static func load(from path: String) throws(BundleError) -> VerificationKey {
        let text = try readKeyFile(path)
        if let key = try? Curve25519.Signing.PublicKey(pemRepresentation: text) { return VerificationKey(publicKey: key) }
        if let key = try? Curve25519.Signing.PrivateKey(pemRepresentation: text) {
            return VerificationKey(publicKey: key.publicKey)
        }
        throw BundleError(.keyInvalid, "\(path) is not an Ed25519 public key in PEM form")
    }

    package func isValid(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        publicKey.isValidSignature(signature, for: message)
    }
}

/// signature.plist: who signed the manifest and the signature itself.
package struct BundleSignature: Sendable, Equatable {
    package static let algorithm = "ed25519"

    package var publicKey: [UInt8]
    package var signature: [UInt8]

    package init(publicKey: [UInt8], signature: [UInt8]) {
        self.publicKey = publicKey
        self.signature = signature
    }

    package static func signing(_ manifest: [UInt8], with key: SigningKey) throws(BundleError) -> BundleSignature {
        BundleSignature(publicKey: [UInt8](key.privateKey.publicKey.rawRepresentation), signature: try key.sign(manifest))
    }

    package func encoded() throws -> [UInt8] {
        Array(try PlistXMLWriter.xml(.dictionary([
            PlistEntry("algorithm", .string(Self.algorithm)),
            PlistEntry("public-key", .data(publicKey)),
            PlistEntry("signature", .data(signature)),
        ])).utf8)
    }

    package static func decode(_ bytes: [UInt8]) throws(BundleError) -> BundleSignature {
        let document = PlistReader.read(bytes, file: BundleFormat.signatureEntry,
                                        limits: PlistReader.Limits(maxBytes: 64 << 10, maxDepth: 4))
        guard !document.hasErrors, let root = document.root?.value else {
            throw BundleError(.signatureInvalid, "signature.plist is not a valid property list")
        }
        guard case .string(let algorithm)? = root["algorithm"], algorithm == Self.algorithm else {
            throw BundleError(.signatureInvalid, "signature.plist uses an algorithm this lessonpack does not know")
        }
        guard case .data(let key)? = root["public-key"], case .data(let signature)? = root["signature"] else {
            throw BundleError(.signatureInvalid, "signature.plist lacks its public key or signature")
        }
        return BundleSignature(publicKey: key, signature: signature)
    }

    /// Checks the signature over `manifest` with the key it names.
    package func verify(_ manifest: [UInt8]) throws(BundleError) -> VerificationKey {
        let key = try VerificationKey(raw: publicKey)
        guard key.isValid(signature, for: manifest) else {
            throw BundleError(.signatureInvalid, "the signature does not match the manifest: the manifest or the signature " +
                              "was changed after signing")
        }
        return key
    }
}

private func readKeyFile(_ path: String) throws(BundleError) -> String {
    switch BoundedFile.read(path, limit: 64 << 10) {
    case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .failure(let failure): throw BundleError(.keyInvalid, "\(path): \(failure)")
    }
}
