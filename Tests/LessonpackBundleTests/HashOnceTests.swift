import Foundation
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackBundle

/// A build hashes each medium once: the check's media-integrity rule hashes it, and the writer takes that hash for
/// the file it then writes, when the file is still the one hashed (issue 32). What is recorded must still be what
/// was written: a medium changed between the check and the writing is refused, whether or not the check hashed it.
@Suite struct HashOnceTests {
    /// A copy of the sample whose media were last modified an hour ago, as a teacher's files usually were.
    static func settledSample(in folder: TemporaryFolder) throws -> String {
        let module = folder.copy(Paths.sampleModule, as: "job-interview")
        let anHourAgo = Date().addingTimeInterval(-3600)
        let media = module + "/media"
        for case let name as String in FileManager.default.enumerator(atPath: media)! {
            try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: media + "/" + name)
        }
        return module
    }

    @Test func aBuildThatTakesTheChecksHashesWritesTheSameBytes() throws {
        let folder = TemporaryFolder()
        let module = try Self.settledSample(in: folder)
        let digests = DigestMemo()
        let hashedOnce = try BundleBuilder.build(folder: module, options: .init(outputFolder: folder.child("a"), digests: digests))
        let checked = try ModuleChecker.check(folder: module)
        let hashedTwice = try BundleBuilder.build(checked, options: .init(outputFolder: folder.child("b")))
        let first = try #require(hashedOnce.bundlePath, "\(hashedOnce.diagnostics)")
        let second = try #require(hashedTwice.bundlePath, "\(hashedTwice.diagnostics)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
        #expect(BundleVerifier.verify(first).problems.isEmpty)
        // The check's hashes were there to take: every medium's.
        let video = try ReadableFile.open(module + "/media/conversation.mp4").get()
        #expect(digests.settledSHA256(of: video) == FileDigest.sha256(ofFileAt: module + "/media/conversation.mp4"))
    }

    @Test func aMediumChangedAfterTheCheckIsRefused() throws {
        let folder = TemporaryFolder()
        let module = try Self.settledSample(in: folder)
        let digests = DigestMemo()
        let checked = try ModuleChecker.check(folder: module, digests: digests)
        #expect(!checked.diagnostics.hasErrors)
        // The same size, one byte different, and so a new modification time: the check's hash is not taken.
        let path = module + "/media/conversation.mp4"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: BundleError.self) {
            try BundleBuilder.build(checked, options: .init(outputFolder: folder.child("dist"), digests: digests))
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.child("dist"))) ?? []
        #expect(left.isEmpty, "nothing is left behind: \(left)")
    }
}
