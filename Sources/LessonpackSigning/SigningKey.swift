import Crypto
import _CryptoExtras
import Foundation
import LessonpackDiagnostics
import LessonpackSystem

/// An Ed25519 key pair for signing bundles and catalogs, stored as standard PEM (PKCS #8 and SubjectPublicKeyInfo), so
/// OpenSSL and other tools read the same files. A target of its own, so that reading an untrusted catalog needs keys
/// and signatures only, not the bundle compiler and the checker.
package struct SigningKey: Sendable {
    /// The one signature algorithm, named as signature.plist and signed catalogs name it.
    package static let algorithm = "ed25519"

    package let privateKey: Curve25519.Signing.PrivateKey

    package static func generate() -> SigningKey { SigningKey(privateKey: Curve25519.Signing.PrivateKey()) }

    package var verificationKey: VerificationKey { VerificationKey(publicKey: privateKey.publicKey) }

    /// Writes `path` (the private key, readable by its owner only) and `path.pub` (the public key).
    package func save(to path: String) throws(CodedError) {
        do {
            try AtomicFile.write(Array(privateKey.pemRepresentation.utf8) + [0x0A], to: path, permissions: 0o600)
            try AtomicFile.write(Array(verificationKey.pem.utf8) + [0x0A], to: path + ".pub")
        } catch {
            // A write that failed is the output's failure (no room, a link in the way), not a bad key.
            throw CodedError(error.reportedDiagnostics.first?.code ?? .keyInvalid, error.description)
        }
    }

    package static func load(from path: String) throws(CodedError) -> SigningKey {
        let text = try readKeyFile(path)
        do {
            return SigningKey(privateKey: try Curve25519.Signing.PrivateKey(pemRepresentation: text))
        } catch {
            throw CodedError(.keyInvalid, "\(path) is not an Ed25519 private key in PEM form (make one with 'lessonpack keygen')")
        }
    }

    package func sign(_ message: [UInt8]) throws(CodedError) -> [UInt8] {
        do { return [UInt8](try privateKey.signature(for: message)) } catch { throw CodedError(.keyInvalid, "cannot sign: \(error)") }
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

    package init(raw: [UInt8]) throws(CodedError) {
        do { publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: raw) } catch {
            throw CodedError(.signatureInvalid, "the signature's public key is malformed")
        }
    }

    /// Reads a public key file, or the public half of a private key file.
    package static func load(from path: String) throws(CodedError) -> VerificationKey {
        let text = try readKeyFile(path)
        if let key = try? Curve25519.Signing.PublicKey(pemRepresentation: text) { return VerificationKey(publicKey: key) }
        if let key = try? Curve25519.Signing.PrivateKey(pemRepresentation: text) {
            return VerificationKey(publicKey: key.publicKey)
        }
        throw CodedError(.keyInvalid, "\(path) is not an Ed25519 public key in PEM form")
    }

    package func isValid(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        publicKey.isValidSignature(signature, for: message)
    }
}

private func readKeyFile(_ path: String) throws(CodedError) -> String {
    switch BoundedFile.read(path, limit: 64 << 10) {
    case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .failure(let failure): throw CodedError(.keyInvalid, "\(path): \(failure)")
    }
}

extension DiagnosticCode {
    /// A signature that does not verify, or a malformed public key.
    package static let signatureInvalid: DiagnosticCode = "signature-invalid"
    /// A key file that cannot be read, is not an Ed25519 key in PEM form, or cannot be written.
    package static let keyInvalid: DiagnosticCode = "key-invalid"
}
