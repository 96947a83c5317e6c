import Crypto
import Foundation
import LessonpackSigning
import LessonpackDiagnostics
import LessonpackSystem

/// OUT/catalog.signed.json: catalog.json's exact bytes with the publisher's Ed25519 signature over them, in one
/// file. One file, not catalog.json beside a detached signature, so a reader can never pair one release's catalog
/// with another's signature while a release is being written, and a web server's ETag covers both at once.
///
/// The catalog travels as base64 of its bytes rather than as a JSON object: what was signed is exactly what is
/// checked, with no re-encoding that two JSON libraries could do differently.
package struct SignedCatalog: Sendable {
    package static let fileName = "catalog.signed.json"
    package static let format = 1

    /// The envelope as it is on disk.
    struct Envelope: Codable {
        var format: Int
        var algorithm: String
        /// The raw 32-byte Ed25519 public key, base64.
        var publicKey: String
        var signature: String
        var catalog: String
    }

    package var catalog: Catalog
    /// The key that signed it; the signature was checked against it.
    package var key: VerificationKey
    /// catalog.json's bytes, as signed.
    package var catalogBytes: [UInt8]

    /// The envelope for `catalogJSON` (catalog.json's bytes), signed with `key`. Ed25519 signatures are
    /// deterministic, so the same catalog and key always give the same file.
    package static func envelope(for catalogJSON: [UInt8], signedWith key: SigningKey) throws(CatalogError) -> [UInt8] {
        let signature: [UInt8]
        do { signature = try key.sign(catalogJSON) } catch {
            throw CatalogError(.releaseFailed, "cannot sign the catalog: \(error.description)")
        }
        let envelope = Envelope(format: format, algorithm: SigningKey.algorithm,
                                publicKey: Data(key.verificationKey.publicKey.rawRepresentation).base64EncodedString(),
                                signature: Data(signature).base64EncodedString(),
                                catalog: Data(catalogJSON).base64EncodedString())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do { return [UInt8](try encoder.encode(envelope)) + [0x0A] } catch {
            throw CatalogError(.releaseFailed, "cannot encode the signed catalog: \(error)")
        }
    }

    /// Checks an envelope's signature and reads the catalog inside it as untrusted, as `Catalog.decode` does.
    /// `trusted`: the key it must be signed with (the one the learner gave or first trusted); without it, any valid
    /// signature is accepted and the caller decides whether to trust its key. `source` names it in messages.
    package static func open(_ bytes: [UInt8], source: String, trusted: VerificationKey?) throws(CatalogError) -> SignedCatalog {
        guard bytes.count <= Catalog.maxBytes * 2 else {
            throw CatalogError(.catalogTooLarge, "\(source) is larger than \(Catalog.maxBytes >> 19) MiB: not a catalog",
                               file: source)
        }
        let envelope: Envelope
        do { envelope = try JSONDecoder().decode(Envelope.self, from: Data(bytes)) } catch {
            throw CatalogError(.catalogInvalid, "\(source) is not a signed catalog: \(DecodingErrorText.describe(error))",
                               file: source)
        }
        guard envelope.format <= format else {
            throw CatalogError(.catalogNewerFormat, "\(source) uses signed-catalog format \(envelope.format), newer than " +
                               "this lessonpack reads (\(format))", file: source)
        }
        guard envelope.format >= 1, envelope.algorithm == SigningKey.algorithm else {
            throw CatalogError(.catalogSignatureInvalid, "\(source) is signed with an algorithm this lessonpack does not " +
                               "know", file: source)
        }
        guard let rawKey = Data(base64Encoded: envelope.publicKey), let signature = Data(base64Encoded: envelope.signature),
              let catalogBytes = Data(base64Encoded: envelope.catalog) else {
            throw CatalogError(.catalogInvalid, "\(source) holds a field that is not base64", file: source)
        }
        let key: VerificationKey
        do { key = try VerificationKey(raw: [UInt8](rawKey)) } catch {
            throw CatalogError(.catalogSignatureInvalid, "\(source) names a malformed public key", file: source)
        }
        // The key is compared before the signature is checked, so the message names the more useful problem: a
        // catalog from someone else, not merely one that does not verify.
        if let trusted, trusted != key {
            throw CatalogError(.catalogKeyUntrusted, "\(source) is signed by key \(key.keyID), not by the publisher's " +
                               "key \(trusted.keyID) that you trust", file: source)
        }
        guard key.isValid([UInt8](signature), for: [UInt8](catalogBytes)) else {
            throw CatalogError(.catalogSignatureInvalid, "\(source): the signature does not match the catalog; it was " +
                               "changed after it was signed", file: source)
        }
        let catalog = try Catalog.decode(catalogBytes, path: source)
        // A publisher's catalog lists only bundles signed by its own key: anything else would let whoever holds
        // another key put a module in front of learners who trust only this one.
        if let foreign = catalog.modules.first(where: { $0.signedBy != key.keyID }) {
            throw CatalogError(.catalogSignerMismatch, "\(source) lists \(foreign.file) as " +
                               (foreign.signedBy.map { "signed by key \($0)" } ?? "unsigned") +
                               ", but the catalog is signed by key \(key.keyID): every bundle must be signed by the " +
                               "catalog's key", file: source)
        }
        return SignedCatalog(catalog: catalog, key: key, catalogBytes: [UInt8](catalogBytes))
    }
}

extension DiagnosticCode {
    /// A signed catalog whose signature does not verify: changed after signing, or not signed at all.
    package static let catalogSignatureInvalid: DiagnosticCode = "catalog-signature-invalid"
    /// A signed catalog signed by another key than the one the learner trusts for that publisher.
    package static let catalogKeyUntrusted: DiagnosticCode = "catalog-key-untrusted"
    /// A signed catalog listing a bundle that is not signed by the catalog's own key.
    package static let catalogSignerMismatch: DiagnosticCode = "catalog-signer-mismatch"
}
