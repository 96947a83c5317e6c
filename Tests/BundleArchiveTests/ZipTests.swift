import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import BundleArchive

@Suite struct ZipRoundTrip {
    @Test func writesAndReadsStoredAndDeflatedEntries() throws {
        let folder = TemporaryFolder()
        let path = folder.child("a.zip")
        let text = Array(String(repeating: "hello, lessonpack ", count: 200).utf8)
        var observed = 0
        let source = folder.write("from a file", to: "source.txt")
        try TestZip.write(path) { writer in
            try writer.add("mimetype", bytes: Array("application/x-test".utf8), compression: .store)
            try writer.add("folder/text.txt", bytes: text, compression: .deflate)
            try writer.add("file.txt", fileAt: source, size: 11, compression: .deflate) { observed += $0.count }
        }
        #expect(observed == 11)

        let archive = try ZipArchive(path: path)
        #expect(archive.directory.entries.map(\.name) == ["mimetype", "folder/text.txt", "file.txt"])
        #expect(try archive.readAll(#require(archive.entry("folder/text.txt")), limit: 1 << 20) == text)
        #expect(try archive.readAll(#require(archive.entry("file.txt")), limit: 1 << 20) == Array("from a file".utf8))
        let entries = archive.directory.entries
        #expect(entries[0].method == 0 && entries[1].method == 8)
        #expect(entries[1].compressedSize < entries[1].uncompressedSize)
        // The first entry's content sits at a fixed offset: 30-byte header, name, 20 bytes of extra fields.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes[58..<76]) == Array("application/x-test".utf8))
    }

    @Test func theSameEntriesGiveTheSameBytes() throws {
        let folder = TemporaryFolder()
        for name in ["one.zip", "two.zip"] {
            try TestZip.write(folder.child(name)) { try $0.add("a", bytes: Array(repeating: 7, count: 5000), compression: .deflate) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.child("one.zip")))
            == Data(contentsOf: URL(fileURLWithPath: folder.child("two.zip"))))
    }

    @Test func nonASCIINamesCarryTheUTF8Flag() throws {
        let folder = TemporaryFolder()
        let path = folder.child("a.zip")
        try TestZip.write(path) { writer in
            try writer.add("media/café.opus", bytes: [1, 2, 3], compression: .store)
            try writer.add("plain.txt", bytes: [1], compression: .store)
        }
        let entries = try ZipArchive(path: path).directory.entries
        #expect(entries[0].name == "media/café.opus" && entries[0].flags & 0x0800 != 0)
        #expect(entries[1].flags & 0x0800 == 0)
    }

    @Test func readingRefusesEntriesOverTheLimitBeforeReadingThem() throws {
        let folder = TemporaryFolder()
        let path = folder.child("a.zip")
        try TestZip.write(path) { try $0.add("big", bytes: Array(repeating: 0, count: 100_000), compression: .deflate) }
        let archive = try ZipArchive(path: path)
        var read = 0
        #expect(throws: ArchiveError.self) { try archive.read(try #require(archive.entry("big")), limit: 1000) { read += $0.count } }
        #expect(read == 0)
    }

    @Test func aFileThatChangesWhilePackedIsRefused() throws {
        let folder = TemporaryFolder()
        let source = folder.write("twelve bytes", to: "s")
        #expect(throws: ArchiveError.self) {
            try TestZip.write(folder.child("a.zip")) { try $0.add("s", fileAt: source, size: 5, compression: .store) { _ in } }
        }
    }
}

@Suite struct ZipStructureChecks {
    func read(_ zip: CraftedZip) throws(ArchiveError) -> ZipArchive {
        let folder = TemporaryFolder()
        let path = folder.child("crafted.zip")
        try? zip.write(to: path)
        return try ZipArchive(path: path)
    }

    func expectRefused(_ zip: CraftedZip, _ code: DiagnosticCode, saying fragment: String = "",
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            _ = try read(zip)
            Issue.record("accepted, but should be refused with \(code)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(fragment.isEmpty || error.description.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func aPlainArchiveReads() throws {
        let archive = try read(CraftedZip([.init("a", "aaaa"), .init("b", Array(repeating: 66, count: 300), deflate: true)]))
        #expect(try archive.readAll(#require(archive.entry("b")), limit: 1000) == Array(repeating: 66, count: 300))
    }

    @Test func dataDescriptorsMustRepeatTheDirectory() throws {
        var streamed = CraftedZip.Entry("a", Array(repeating: 65, count: 500), deflate: true)
        streamed.dataDescriptor = true
        let archive = try read(CraftedZip([streamed, .init("b", "b")]))
        #expect(try archive.readAll(#require(archive.entry("a")), limit: 1000).count == 500)
    }

    @Test func aUnicodePathFieldThatRenamesAnEntryIsRefused() throws {
        // libarchive names the entry by the extra field: the hashes we key by name would be of another file.
        var renamed = CraftedZip.Entry("media/clip.wav", "attacker's bytes")
        renamed.localExtra = CraftedZip.unicodePathField("media/other.wav", header: "media/clip.wav")
        expectRefused(CraftedZip([renamed]), .zipInconsistent, saying: "renames it to 'media/other.wav'")
        // One that repeats the name, as Info-ZIP writes it, is harmless.
        var same = CraftedZip.Entry("media/café.wav", "bytes")
        same.localExtra = CraftedZip.unicodePathField("media/café.wav", header: "media/café.wav")
        same.centralExtra = same.localExtra
        _ = try read(CraftedZip([same]))
    }

    @Test func recordsBeyondTheCountAreRefused() {
        var zip = CraftedZip([.init("a", "aaaa")])
        zip.uncounted = [.init("../../evil.txt", "evil")]
        expectRefused(zip, .zipHiddenData, saying: "more than the 1 records")
    }

    @Test func bytesNoEntryAccountsForAreRefused() {
        var before = CraftedZip([.init("a", "aaaa")])
        before.prefix = Array("#!/bin/sh\n".utf8)
        expectRefused(before, .zipHiddenData, saying: "before its first entry")
        var between = CraftedZip([.init("a", "aaaa"), .init("b", "bbbb")])
        between.gapAfter[0] = CraftedZip([.init("hidden", "x")]).bytes()
        expectRefused(between, .zipHiddenData, saying: "between entries 'a' and 'b'")
        var after = CraftedZip([.init("a", "aaaa")])
        after.trailing = Array("junk".utf8)
        expectRefused(after, .zipHiddenData, saying: "after the end")
    }

    @Test func aSecondEndRecordInTheCommentIsRefused() {
        var zip = CraftedZip([.init("a", "aaaa")])
        zip.comment = [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18)
        expectRefused(zip, .zipInconsistent, saying: "second end record")
    }

    @Test func aZip64LocatorThatDisagreesIsRefused() throws {
        // A Zip64 end record and locator in front of the end record, describing a directory of its own.
        var bytes = CraftedZip([.init("a", "aaaa")]).bytes()
        let end = bytes.count - 22
        let record: [UInt8] = CraftedZip.le32(0x0606_4B50) + CraftedZip.le64(44) + CraftedZip.le16(45) + CraftedZip.le16(45)
            + CraftedZip.le32(0) + CraftedZip.le32(0) + CraftedZip.le64(2) + CraftedZip.le64(2) + CraftedZip.le64(46)
            + CraftedZip.le64(0)
        let locator = CraftedZip.le32(0x0706_4B50) + CraftedZip.le32(0) + CraftedZip.le64(UInt64(end)) + CraftedZip.le32(1)
        bytes.insert(contentsOf: record + locator, at: end)
        let folder = TemporaryFolder()
        let path = folder.child("z.zip")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: ArchiveError.self) { try ZipArchive(path: path) }
        do { _ = try ZipArchive(path: path) } catch { #expect(error.code == .zipInconsistent) }
    }

    @Test func methodsOtherThanStoreAndDeflateAreRefused() {
        var bzip2 = CraftedZip.Entry("media/bomb.wav", "BZh9")
        bzip2.method = 12
        expectRefused(CraftedZip([bzip2]), .zipUnsupported, saying: "bzip2")
        var encrypted = CraftedZip.Entry("a", "aaaa")
        encrypted.flags = 1
        expectRefused(CraftedZip([encrypted]), .zipUnsupported, saying: "encrypted")
        var unknownExtra = CraftedZip.Entry("a", "aaaa")
        unknownExtra.centralExtra = CraftedZip.le16(0x9901) + CraftedZip.le16(0)
        expectRefused(CraftedZip([unknownExtra]), .zipUnsupported, saying: "0x9901")
    }

    @Test func localHeadersMustAgreeWithTheDirectory() {
        var renamed = CraftedZip.Entry("b", "bbbb")
        renamed.localHeaderOf = 0
        expectRefused(CraftedZip([.init("a", "aaaa"), renamed]), .zipInconsistent, saying: "different name")
        var otherName = CraftedZip.Entry("a", "aaaa")
        otherName.localName = "b"
        expectRefused(CraftedZip([otherName]), .zipInconsistent, saying: "different name")
    }

    @Test func overlappingEntriesAreRefused() {
        var first = CraftedZip.Entry("a", Array(repeating: 65, count: 100))
        // a's data claims to run on over b's local header: the overlapping-file zip bomb's trick.
        first.compressedSizeOverride = 160
        first.declaredSize = 160
        expectRefused(CraftedZip([first, .init("b", "bbbb")]), .zipOverlappingEntries, saying: "overlap")
        var shared = CraftedZip.Entry("b", "bbbb")
        shared.localHeaderOf = 0
        expectRefused(CraftedZip([.init("b", "bbbb"), shared]), .zipOverlappingEntries)
    }

    @Test func truncatedAndForeignFilesAreRefused() throws {
        let bytes = CraftedZip([.init("a", String(repeating: "x", count: 200))]).bytes()
        let folder = TemporaryFolder()
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: folder.child("half.zip")))
        #expect(throws: ArchiveError.self) { try ZipArchive(path: folder.child("half.zip")) }
        #expect(throws: ArchiveError(.zipNotAZip, "it is not a ZIP file (it has no end of central directory record; was it cut short?)")) {
            try ZipArchive(path: folder.write("not a zip at all, not even close", to: "x"))
        }
        var lying = CraftedZip.Entry("a", "aaaa")
        lying.compressedSizeOverride = 1_000_000
        lying.declaredSize = 1_000_000
        expectRefused(CraftedZip([lying]), .zipTruncated)
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = TemporaryFolder()
        let path = folder.child("fifo.zip")
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: ArchiveError(.zipUnreadable, "it is a FIFO (named pipe), not a regular file")) { try ZipArchive(path: path) }
    }
}

@Suite struct ZipDataChecks {
    func archive(_ entries: [CraftedZip.Entry]) throws -> (ZipArchive, TemporaryFolder) {
        let folder = TemporaryFolder()
        let path = folder.child("data.zip")
        try CraftedZip(entries).write(to: path)
        return (try ZipArchive(path: path), folder)
    }

    @Test func aBadCRCIsFound() throws {
        var entry = CraftedZip.Entry("a", "aaaa")
        entry.crc32 = 1
        let (zip, folder) = try archive([entry])
        _ = folder
        #expect(throws: ArchiveError.self) { try zip.readAll(try #require(zip.entry("a")), limit: 100) }
    }

    @Test func deflateThatOutgrowsItsDeclarationStopsThere() throws {
        // Declares 1,000 bytes, holds a deflate stream of a million: reading stops at the 1,001st byte.
        var bomb = CraftedZip.Entry("a", Array(repeating: 0, count: 1_000_000), deflate: true)
        bomb.declaredSize = 1000
        let (zip, folder) = try archive([bomb])
        _ = folder
        var produced = 0
        do {
            try zip.read(try #require(zip.entry("a")), limit: 10_000) { produced += $0.count }
            Issue.record("read a bomb")
        } catch let error as ArchiveError {
            #expect(error.code == .zipCorruptEntry && error.description.contains("expands beyond"))
        }
        #expect(produced <= 1000)
    }

    @Test func deflateWithBytesAfterItsEndIsRefused() throws {
        var padded = CraftedZip.Entry("a", Deflate.raw(Array(repeating: 5, count: 100)) + [1, 2, 3, 4])
        padded.method = 8
        padded.declaredSize = 100
        padded.crc32 = Deflate.crc32(Array(repeating: 5, count: 100))
        let (zip, folder) = try archive([padded])
        _ = folder
        #expect(throws: ArchiveError.self) { try zip.readAll(try #require(zip.entry("a")), limit: 1000) }
    }

    @Test func deflateEstimatesAndCrcMatchZlib() {
        #expect(Deflate.compressedSize(of: Data(repeating: 0, count: 100_000)) < 1000)
        #expect(Deflate.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Deflate.raw(Array(repeating: 1, count: 1000)).count < 50)
    }
}
