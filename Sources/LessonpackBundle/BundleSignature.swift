import Crypto
import Foundation
import LessonpackDiagnostics
import LessonpackSigning
import PropertyList

/// signature.plist: who signed the manifest and the signature itself.
package struct BundleSignature: Sendable, Equatable {
    package static let algorithm = SigningKey.algorithm

    package var publicKey: [UInt8]
    package var signature: [UInt8]

    package init(publicKey: [UInt8], signature: [UInt8]) {
        self.publicKey = publicKey
        self.signature = signature
    }

    package static func signing(_ manifest: [UInt8], with key: SigningKey) throws(BundleError) -> BundleSignature {
        do {
            return BundleSignature(publicKey: [UInt8](key.privateKey.publicKey.rawRepresentation),
                                   signature: try key.sign(manifest))
        } catch {
            throw BundleError(error.code, error.description)
        }
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
        let key: VerificationKey
        do { key = try VerificationKey(raw: publicKey) } catch { throw BundleError(error.code, error.description) }
        guard key.isValid(signature, for: manifest) else {
            throw BundleError(.signatureInvalid, "the signature does not match the manifest: the manifest or the signature " +
                              "was changed after signing")
        }
        return key
    }
}

