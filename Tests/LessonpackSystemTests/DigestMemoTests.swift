import Foundation
import LessonpackTestSupport
import Testing
@testable import LessonpackSystem

@Suite struct DigestMemoTests {
    @Test func anUnchangedFileIsHashedOnceAndAChangedOneAgain() throws {
        let folder = TemporaryFolder()
        let path = folder.write("first", to: "clip.bin")
        let memo = DigestMemo()
        var computed = 0
        func digest() throws -> String? {
            let file = try ReadableFile.open(path).get()
            return memo.sha256(of: file) {
                computed += 1
                return FileDigest.sha256(ofFileAt: path)
            }
        }
        let first = try digest()
        #expect(try digest() == first)
        #expect(computed == 1)
        // Same size, new content and time: hashed again.
        try Data("other".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: path)
        let second = try digest()
        #expect(second != first && second == FileDigest.sha256(ofFileAt: path))
        #expect(computed == 2)
    }
}

extension DigestMemoTests {
    /// A build takes a remembered hash only for a file last modified well before it was hashed: one modified in the
    /// same moment could change again without its time changing, where a file system keeps coarse times.
    @Test func onlyAFileSettledBeforeItWasHashedGivesItsHashToABuild() throws {
        let folder = TemporaryFolder()
        let fresh = folder.write("just written", to: "fresh.bin")
        let settled = folder.write("written long ago", to: "settled.bin")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: settled)
        let memo = DigestMemo()
        for path in [fresh, settled] {
            let file = try ReadableFile.open(path).get()
            #expect(memo.settledSHA256(of: file) == nil, "nothing is remembered before a hash")
            _ = memo.sha256(of: file) { FileDigest.sha256(ofFileAt: path) }
        }
        #expect(memo.settledSHA256(of: try ReadableFile.open(fresh).get()) == nil)
        #expect(memo.settledSHA256(of: try ReadableFile.open(settled).get()) == FileDigest.sha256(ofFileAt: settled))
        // Changed since: its identity is another.
        try Data("written long ago, and again".utf8).write(to: URL(fileURLWithPath: settled))
        #expect(memo.settledSHA256(of: try ReadableFile.open(settled).get()) == nil)
    }
}
