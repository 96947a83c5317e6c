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
