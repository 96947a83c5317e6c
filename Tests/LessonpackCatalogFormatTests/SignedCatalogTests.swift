import Foundation
import LessonpackDiagnostics
import LessonpackSigning
import Testing
@testable import LessonpackCatalogFormat

/// catalog.signed.json is what a learner's tool trusts on the web: the catalog's exact bytes under the
/// publisher's signature, refused when changed, signed by another key, or listing bundles another key signed.
@Suite struct SignedCatalogTests {
    let publisher = SigningKey.generate()

    func catalogJSON(signedBy keyID: String?) -> [UInt8] {
        let signer = keyID.map { #","signedBy":"\#($0)""# } ?? ""
        return Array((#"{"format":1,"tool":"x","release":3,"released":0,"changes":[],"modules":[{"id":"base","# +
            #""title":"Base","version":"1.0.0","level":"A2","file":"base-1.0.0.lessonpack","size":10,"# +
            #""sha256":"\#(String(repeating: "a", count: 64))"\#(signer)}]}"#).utf8)
    }

    func code(_ bytes: [UInt8], trusted: VerificationKey? = nil) -> DiagnosticCode? {
        do { _ = try SignedCatalog.open(bytes, source: "catalog.signed.json", trusted: trusted); return nil } catch {
            return error.code
        }
    }

    /// The envelope as a dictionary, to change one field of it.
    func edited(_ envelope: [UInt8], _ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(envelope)) as? [String: Any])
        change(&object)
        return [UInt8](try JSONSerialization.data(withJSONObject: object))
    }

    @Test func aSignedCatalogOpensWithItsKey() throws {
        let json = catalogJSON(signedBy: publisher.verificationKey.keyID)
        let envelope = try SignedCatalog.envelope(for: json, signedWith: publisher)
        let opened = try SignedCatalog.open(envelope, source: "catalog.signed.json", trusted: publisher.verificationKey)
        #expect(opened.catalog.release == 3)
        #expect(opened.catalog.modules.map(\.id) == ["base"])
        #expect(opened.key == publisher.verificationKey)
        #expect(opened.catalogBytes == json)
        // Deterministic, so a release that changed nothing leaves the file (and its ETag) as it was.
        #expect(try SignedCatalog.envelope(for: json, signedWith: publisher) == envelope)
        #expect(code(envelope) == nil)
    }

    @Test func aChangedCatalogOrSignatureIsRefused() throws {
        let json = catalogJSON(signedBy: publisher.verificationKey.keyID)
        let envelope = try SignedCatalog.envelope(for: json, signedWith: publisher)
        // The release number, not a byte of the key id: a random id ends in "b" one time in sixteen.
        let changed = Array(String(decoding: json, as: UTF8.self)
            .replacingOccurrences(of: #""release":3"#, with: #""release":4"#).utf8)
        try #require(changed != json)
        let forged = try edited(envelope) { $0["catalog"] = Data(changed).base64EncodedString() }
        #expect(code(forged) == .catalogSignatureInvalid)
        let otherSignature = try edited(envelope) {
            $0["signature"] = Data(try! publisher.sign(Array("something else".utf8))).base64EncodedString()
        }
        #expect(code(otherSignature) == .catalogSignatureInvalid)
        #expect(code(try edited(envelope) { $0["algorithm"] = "rsa" }) == .catalogSignatureInvalid)
        #expect(code(try edited(envelope) { $0["catalog"] = "not base64!" }) == .catalogInvalid)
        #expect(code(try edited(envelope) { $0["format"] = 2 }) == .catalogNewerFormat)
        #expect(code(Array("{}".utf8)) == .catalogInvalid)
        #expect(code(Array("not json".utf8)) == .catalogInvalid)
    }

    @Test func anotherPublishersKeyIsRefused() throws {
        let intruder = SigningKey.generate()
        let envelope = try SignedCatalog.envelope(for: catalogJSON(signedBy: intruder.verificationKey.keyID),
                                                  signedWith: intruder)
        #expect(code(envelope) == nil)
        #expect(code(envelope, trusted: publisher.verificationKey) == .catalogKeyUntrusted)
    }

    @Test func everyBundleMustBeSignedByTheCatalogsKey() throws {
        let other = SigningKey.generate().verificationKey.keyID
        #expect(code(try SignedCatalog.envelope(for: catalogJSON(signedBy: other), signedWith: publisher)) == .catalogSignerMismatch)
        #expect(code(try SignedCatalog.envelope(for: catalogJSON(signedBy: nil), signedWith: publisher)) == .catalogSignerMismatch)
    }

    @Test func theCatalogInsideIsReadAsStrictlyAsAnyCatalog() throws {
        let json = Array(String(decoding: catalogJSON(signedBy: publisher.verificationKey.keyID), as: UTF8.self)
            .replacingOccurrences(of: "base-1.0.0.lessonpack", with: "../../etc/passwd").utf8)
        #expect(code(try SignedCatalog.envelope(for: json, signedWith: publisher)) == .catalogInvalid)
    }
}
