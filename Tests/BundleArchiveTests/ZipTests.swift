import Foundation
import LessonpackTestSupport
import Testing
@testable import BundleArchive

@Suite struct ZipRoundTrip {
    @Test func writesAndReadsStoredAndDeflatedEntries() throws {
        let folder = TemporaryFolder()
        let path = folder.child("a.zip")
        let text = Array(String(repeating: "hello, lessonpack ", count: 200).utf8)
        let writer = try ZipWriter(path: path)
        try writer.add("mimetype", bytes: Array("application/x-test".utf8), compression: .store)
        try writer.add("folder/text.txt", bytes: text, compression: .deflate)
        let source = folder.write("from a file", to: "source.txt")
        var observed = 0
        try writer.add("file.txt", fileAt: source, size: 11, compression: .deflate) { observed += $0.count }
        try writer.finish()
        #expect(observed == 11)

        let reader = try ZipReader(path: path)
        var read: [String: [UInt8]] = [:]
        while let header = try reader.next() {
            #expect(header.kind == .file)
            #expect(!header.isEncrypted)
            read[header.path] = try reader.readAll(limit: 1 << 20)
        }
        #expect(read["folder/text.txt"] == text)
        #expect(read["file.txt"] == Array("from a file".utf8))

        let directory = try ZipDirectory.read(path: path)
        #expect(directory.entries.map(\.name) == ["mimetype", "folder/text.txt", "file.txt"])
        #expect(directory.entries[0].method == 0 && directory.entries[1].method == 8)
        #expect(directory.entries[1].compressedSize < directory.entries[1].uncompressedSize)
        #expect(directory.overlaps().isEmpty)
        // The first entry's content sits at a fixed offset: 30-byte header, name, 20 bytes of extra fields.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes[58..<76]) == Array("application/x-test".utf8))
    }

    @Test func theSameEntriesGiveTheSameBytes() throws {
        let folder = TemporaryFolder()
        for name in ["one.zip", "two.zip"] {
            let writer = try ZipWriter(path: folder.child(name))
            try writer.add("a", bytes: Array(repeating: 7, count: 5000), compression: .deflate)
            try writer.finish()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.child("one.zip")))
            == Data(contentsOf: URL(fileURLWithPath: folder.child("two.zip"))))
    }

    @Test func readingStopsAtTheLimit() throws {
        let folder = TemporaryFolder()
        let path = folder.child("a.zip")
        let writer = try ZipWriter(path: path)
        try writer.add("big", bytes: Array(repeating: 0, count: 100_000), compression: .deflate)
        try writer.finish()
        let reader = try ZipReader(path: path)
        _ = try reader.next()
        #expect(throws: ArchiveError.self) { try reader.readAll(limit: 1000) }
    }

    @Test func aFileThatChangesWhilePackedIsRefused() throws {
        let folder = TemporaryFolder()
        let source = folder.write("twelve bytes", to: "s")
        let writer = try ZipWriter(path: folder.child("a.zip"))
        #expect(throws: ArchiveError.self) {
            try writer.add("s", fileAt: source, size: 5, compression: .store) { _ in }
        }
    }
}

@Suite struct ZipDirectoryChecks {
    @Test func overlappingEntriesAreFound() throws {
        let folder = TemporaryFolder()
        var first = CraftedZip.Entry("a", Array(repeating: 65, count: 100))
        // a's data claims to run on over b's local header: the overlapping-file zip bomb's trick.
        first.compressedSizeOverride = 160
        first.declaredSize = 160
        let path = folder.child("o.zip")
        try CraftedZip([first, .init("b", "bbbb")]).write(to: path)
        let overlaps = try ZipDirectory.read(path: path).overlaps()
        #expect(overlaps.contains { $0.0.name == "a" && $0.1?.name == "b" })
        // a's claimed data also runs on into the central directory.
        #expect(overlaps.contains { $0.0.name == "a" && $0.1 == nil })
    }

    @Test func recordsThatContradictTheLocalHeaderAreRefused() throws {
        let folder = TemporaryFolder()
        var renamed = CraftedZip.Entry("b", "bbbb")
        renamed.localHeaderOf = 0
        try CraftedZip([.init("a", "aaaa"), renamed]).write(to: folder.child("r.zip"))
        #expect(throws: ArchiveError("entry 'b' has a different name in its local header")) {
            try ZipDirectory.read(path: folder.child("r.zip"))
        }
    }

    @Test func truncatedAndForeignFilesAreRefused() throws {
        let folder = TemporaryFolder()
        let bytes = CraftedZip([.init("a", String(repeating: "x", count: 200))]).bytes()
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: folder.child("half.zip")))
        #expect(throws: ArchiveError.self) { try ZipDirectory.read(path: folder.child("half.zip")) }
        #expect(throws: ArchiveError.self) { try ZipDirectory.read(path: folder.write("not a zip at all, no", to: "x")) }
        var lying = CraftedZip.Entry("a", "aaaa")
        lying.compressedSizeOverride = 1_000_000
        try CraftedZip([lying]).write(to: folder.child("lie.zip"))
        #expect(throws: ArchiveError.self) { try ZipDirectory.read(path: folder.child("lie.zip")) }
    }

    @Test func deflateEstimatesAndCrcMatchZlib() {
        #expect(Deflate.compressedSize(of: Data(repeating: 0, count: 100_000)) < 1000)
        #expect(Deflate.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Deflate.raw(Array(repeating: 1, count: 1000)).count < 50)
    }
}
