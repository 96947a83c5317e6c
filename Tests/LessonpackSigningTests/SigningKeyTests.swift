import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import LessonpackSigning

@Suite struct SigningKeys {
    @Test func keysRoundTripThroughPEM() throws {
        let folder = TemporaryFolder()
        let key = SigningKey.generate()
        try key.save(to: folder.child("k"))
        #expect(try SigningKey.load(from: folder.child("k")).verificationKey == key.verificationKey)
        #expect(try VerificationKey.load(from: folder.child("k.pub")) == key.verificationKey)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.child("k"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect { try SigningKey.load(from: folder.child("k.pub")) } throws: { ($0 as? CodedError)?.code == .keyInvalid }
    }

    @Test func aSignatureVerifiesOnlyWhatWasSigned() throws {
        let key = SigningKey.generate()
        let message = Array("catalog".utf8)
        let signature = try key.sign(message)
        #expect(key.verificationKey.isValid(signature, for: message))
        #expect(!key.verificationKey.isValid(signature, for: Array("catalog!".utf8)))
        #expect(!SigningKey.generate().verificationKey.isValid(signature, for: message))
        #expect { try VerificationKey(raw: [1, 2, 3]) } throws: { ($0 as? CodedError)?.code == .signatureInvalid }
    }

    /// A key that cannot be written says so with the output's code, as every other output does.
    @Test func aKeyThatCannotBeWrittenIsAnOutputFailure() {
        let folder = TemporaryFolder()
        #expect { try SigningKey.generate().save(to: folder.child("no-such-folder/k")) } throws: { error in
            guard let code = (error as? CodedError)?.code else { return false }
            return code != .keyInvalid && code.rawValue.hasPrefix("output-")
        }
    }

    @Test func aMissingKeyFileSaysWhichFile() {
        #expect { try SigningKey.load(from: "/nonexistent/key") } throws: { error in
            guard let error = error as? CodedError else { return false }
            return error.code == .keyInvalid && error.description.hasPrefix("/nonexistent/key")
        }
    }
}
