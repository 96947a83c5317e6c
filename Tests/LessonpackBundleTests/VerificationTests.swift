import BundleArchive
import Foundation
import LessonpackSigning
import LessonpackTestSupport
import Testing
@testable import LessonpackBundle

@Suite struct VerificationTests {
    @Test func anUntouchedBundleVerifies() throws {
        let scratch1 = TemporaryFolder()
        let report = BundleVerifier.verify(try buildSample(into: scratch1))
        #expect(report.problems == [])
        #expect(report.signature == .unsigned)
        #expect(report.entryCount == 53)
    }

    @Test func oneChangedByteInAnyEntryFails() throws {
        let folder = TemporaryFolder()
        let original = try buildSample(into: folder)
        for name in ["media/lines/l07.opus", "module.json", "mimetype", "media/conversation.mp4"] {
            let path = try tampered(original, into: folder, name: "\(name.hashValue).lessonpack") { list in
                let index = try #require(list.index(of: name))
                list[index].bytes[list[index].bytes.count / 2] ^= 0x01
            }
            let report = BundleVerifier.verify(path)
            #expect(report.problems.contains { $0.contains("entry '\(name)'") || $0.contains("'mimetype'") },
                    "\(name): \(report.problems)")
        }
    }

    @Test func addedAndRemovedEntriesFail() throws {
        let folder = TemporaryFolder()
        let original = try buildSample(into: folder)
        let added = try tampered(original, into: folder, name: "added.lessonpack") { $0.append(("media/extra.opus", [1, 2, 3])) }
        #expect(BundleVerifier.verify(added).problems == ["entry 'media/extra.opus' is in the bundle but not in the manifest"])
        let removed = try tampered(original, into: folder, name: "removed.lessonpack") { list in
            list.remove(at: try #require(list.index(of: "media/qa/q3.opus")))
        }
        #expect(BundleVerifier.verify(removed).problems == ["entry 'media/qa/q3.opus' is listed in the manifest but missing from the bundle"])
    }

    @Test func aSwappedManifestFails() throws {
        let folder = TemporaryFolder()
        let key = SigningKey.generate()
        let signed = try buildSample(into: folder, key: key)
        let scratch2 = TemporaryFolder()
        let other = try buildSample(into: scratch2, timestamp: 1)
        // Another build's manifest (here: one that lists the same files) breaks the signature over it.
        var foreign = try BundleManifest.decode(try entries(of: other).first { $0.name == "manifest.plist" }!.bytes)
        foreign.tool = "lessonpack 9.9.9"
        let swapped = try tampered(signed, into: folder) { list in
            list[try #require(list.index(of: "manifest.plist"))].bytes = try foreign.encoded()
        }
        let report = BundleVerifier.verify(swapped)
        #expect(report.problems.contains { $0.contains("the signature does not match the manifest") })

        // Unsigned: a manifest that does not fit the entries is caught by the hashes.
        let scratch3 = TemporaryFolder()
        let unsigned = try buildSample(into: scratch3)
        var wrong = try BundleManifest.decode(try entries(of: unsigned).first { $0.name == "manifest.plist" }!.bytes)
        wrong.entries[3].sha256 = String(repeating: "0", count: 64)
        let mismatched = try tampered(unsigned, into: folder, name: "m.lessonpack") { list in
            list[try #require(list.index(of: "manifest.plist"))].bytes = try wrong.encoded()
        }
        let path = wrong.entries[3].path
        #expect(BundleVerifier.verify(mismatched).problems == [
            "entry '\(path)' does not match its SHA-256 in the manifest: it was changed",
            "module.json and the manifest disagree about media '\(path.dropFirst(BundleFormat.mediaFolder.count))'",
        ])
    }

    @Test func signaturesAreCheckedAgainstTheGivenKey() throws {
        let folder = TemporaryFolder()
        let key = SigningKey.generate()
        let signed = try buildSample(into: folder, key: key)
        #expect(BundleVerifier.verify(signed, trustedKey: key.verificationKey).problems.isEmpty)
        #expect(BundleVerifier.verify(signed).signature == .valid(keyID: key.verificationKey.keyID))
        let stranger = SigningKey.generate().verificationKey
        #expect(BundleVerifier.verify(signed, trustedKey: stranger).problems
            == ["the bundle is signed by key \(key.verificationKey.keyID), not by the given key \(stranger.keyID)"])
        let scratch4 = TemporaryFolder()
        let unsigned = try buildSample(into: scratch4)
        #expect(BundleVerifier.verify(unsigned, trustedKey: stranger).problems
            == ["the bundle is not signed, but a key was given to check it with"])
    }

    @Test func aNewerFormatIsRefusedNamingBothVersions() throws {
        let folder = TemporaryFolder()
        let original = try buildSample(into: folder)
        var manifest = try BundleManifest.decode(try entries(of: original).first { $0.name == "manifest.plist" }!.bytes)
        manifest.format = BundleFormat.version + 1
        let newer = try tampered(original, into: folder) { list in
            list[try #require(list.index(of: "manifest.plist"))].bytes = try manifest.encoded()
        }
        #expect(throws: BundleError(.bundleFormatNewer, "this bundle uses format 2, newer than this lessonpack supports (1): " +
                                    "install a newer lessonpack to open it", file: newer)) {
            try BundleReader.open(newer)
        }
    }

    @Test func corruptDataFails() throws {
        let folder = TemporaryFolder()
        let original = try buildSample(into: folder)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: original)))
        // Flip a byte inside the deflated video.
        let video = try #require(try ZipDirectory.read(path: original).entries.first { $0.name == "media/conversation.mp4" })
        bytes[Int(video.localHeaderOffset) + 200] ^= 0xFF
        let broken = folder.child("broken.lessonpack")
        try Data(bytes).write(to: URL(fileURLWithPath: broken))
        let report = BundleVerifier.verify(broken)
        #expect(!report.isValid)
        #expect(report.problems.contains { $0.contains("corrupt") || $0.contains("media/conversation.mp4") })
        let truncated = folder.child("cut.lessonpack")
        try Data(bytes.prefix(bytes.count / 3)).write(to: URL(fileURLWithPath: truncated))
        #expect(BundleVerifier.verify(truncated).problems.first?.contains("not a readable bundle") == true)
    }
}
