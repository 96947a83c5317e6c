import BundleArchive
import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import LessonpackBundle

/// Bundles come from anywhere. Each of these is refused with a message naming the problem and a stable code,
/// before anything is decompressed, and never with a file written anywhere.
@Suite struct HostileBundleTests {
    static let mimetype = CraftedZip.Entry("mimetype", BundleFormat.mediaType)

    func diagnostics(_ entries: [CraftedZip.Entry], limits: BundleLimits = .default) throws -> [Diagnostic] {
        let folder = TemporaryFolder()
        let path = folder.child("hostile.lessonpack")
        try CraftedZip([Self.mimetype] + entries).write(to: path)
        let report = BundleVerifier.verify(path, limits: limits)
        #expect(throws: BundleError.self) { try BundleReader.open(path, limits: limits) }
        // Nothing appeared beside the bundle, or above it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["hostile.lessonpack"])
        return report.diagnostics
    }

    func problems(_ entries: [CraftedZip.Entry], limits: BundleLimits = .default) throws -> [String] {
        try diagnostics(entries, limits: limits).map(\.message)
    }

    @Test(arguments: [
        ("../evil.txt", "the path has '..', '.' or empty parts"),
        ("media/../../evil.txt", "the path has '..', '.' or empty parts"),
        ("/etc/evil", "the path is absolute"),
        ("media\\..\\evil.txt", "the name contains '\\'"),
        ("C:/evil.txt", "the path starts with a drive letter"),
        ("media//x.opus", "the path has '..', '.' or empty parts"),
        ("media/./x.opus", "the path has '..', '.' or empty parts"),
        ("media/bell\u{07}.opus", "the name contains the control character U+0007"),
        // C1 controls: U+009B is a one-byte CSI on terminals that honour it.
        ("media/\u{9B}31mred.opus", "the name contains the control character U+009B"),
        ("media/line\u{85}break.opus", "the name contains the control character U+0085"),
        ("media/\u{202E}vaw.exe", "the name contains the invisible character U+202E"),
        ("media/" + String(repeating: "x", count: 600), "the name is 606 bytes long"),
    ])
    func unsafeNames(name: String, problem: String) throws {
        let found = try diagnostics([.init(name, "x")])
        #expect(found.contains { $0.code == .unsafeEntryName && $0.message.hasPrefix("entry '\(name)': \(problem)") },
                "\(found.map(\.message))")
    }

    @Test func symbolicLinks() throws {
        var link = CraftedZip.Entry("media/passwd.opus", "/etc/passwd")
        link.unixMode = 0o120777
        #expect(try problems([link]).contains("entry 'media/passwd.opus' is a symbolic link"))
    }

    @Test func otherNonFiles() throws {
        var device = CraftedZip.Entry("media/device.opus", "")
        device.unixMode = 0o020644
        #expect(try problems([device]).contains("entry 'media/device.opus' is not a regular file"))
        // A folder entry for a folder that holds the bundle's files is what zip -r writes, and harmless; another is not.
        var folder = CraftedZip.Entry("empty/", "")
        folder.unixMode = 0o040755
        #expect(try problems([folder]).contains("entry 'empty/' is a folder that holds none of the bundle's files, or holds data"))
        // One whose mode is a file's, or a link's, is not a folder whatever its name.
        #expect(try problems([.init("media/", "")]).contains("entry 'media/' is a folder entry that is not a folder"))
    }

    @Test func duplicatesIncludingCaseAndNormalisation() throws {
        #expect(try problems([.init("a.txt", "1"), .init("a.txt", "2")]).contains("entry 'a.txt' appears twice"))
        #expect(try problems([.init("Media.txt", "1"), .init("media.TXT", "2")])
            .contains("entry 'media.TXT' clashes with 'Media.txt' (the same name once case, accents and width are normalised)"))
        #expect(try problems([.init("caf\u{E9}.txt", "1"), .init("cafe\u{301}.txt", "2")]).contains { $0.contains("clashes with") })
        // Full-width letters are another spelling of the same name.
        #expect(try diagnostics([.init("a.txt", "1"), .init("\u{FF41}.txt", "2")]).contains { $0.code == .duplicateEntryName })
    }

    @Test func encryptedEntries() throws {
        var secret = CraftedZip.Entry("module.json", "{}")
        secret.flags = 1
        #expect(try diagnostics([secret]).contains { $0.code == "zip-unsupported" && $0.message.hasSuffix("entry 'module.json' is encrypted") })
    }

    @Test func sizesBeyondTheLimits() throws {
        let limits = BundleLimits(maxEntryBytes: 1000, maxTotalBytes: 1500)
        let found = try problems([.init("a.bin", Array(repeating: 1, count: 1200)), .init("b.bin", Array(repeating: 2, count: 900))],
                                 limits: limits)
        #expect(found.contains("entry 'a.bin' declares 1200 bytes; the limit is 1000"))
        #expect(found.contains("its entries add up to 2130 bytes; the limit is 1500"))
        let many = (0..<20).map { CraftedZip.Entry("f\($0)", "x") }
        #expect(try problems(many, limits: BundleLimits(maxEntries: 10)).first?.contains("entries; the limit is 10") == true)
    }

    @Test func zipBombRatios() throws {
        let bomb = CraftedZip.Entry("media/zeros.wav", Array(repeating: 0, count: 5 << 20), deflate: true)
        #expect(try problems([bomb]).contains { $0.hasPrefix("entry 'media/zeros.wav' would expand") && $0.contains("like a zip bomb") })
    }

    @Test func overlappingEntries() throws {
        var first = CraftedZip.Entry("a.bin", Array(repeating: 65, count: 100))
        first.compressedSizeOverride = 150
        first.declaredSize = 150
        #expect(try problems([first, .init("b.bin", "bbbb")])
            .contains { $0.hasSuffix("entries 'a.bin' and 'b.bin' overlap in the file (an overlapping-entry zip bomb?)") })
    }

    @Test func unknownCompressionMethods() throws {
        var odd = CraftedZip.Entry("x.bin", "data")
        odd.flags = 0
        let folder = TemporaryFolder()
        var bytes = CraftedZip([Self.mimetype, odd]).bytes()
        // Rewrite the method of the second entry, in its local header and directory record, to bzip2 (12).
        let localOffset = 30 + "mimetype".utf8.count + BundleFormat.mediaType.utf8.count
        bytes[localOffset + 8] = 12
        let directory = bytes.count - 22 - (46 + 5)
        bytes[directory + 10] = 12
        try Data(bytes).write(to: URL(fileURLWithPath: folder.child("m.zip")))
        #expect(BundleVerifier.verify(folder.child("m.zip")).problems
            .contains { $0.hasSuffix("entry 'x.bin' uses compression method 12 (bzip2); bundles use only store and deflate") })
    }

    @Test func badChecksumsAreCaught() throws {
        let folder = TemporaryFolder()
        let original = try buildSample(into: folder)
        let all = try entries(of: original)
        var crafted = all.map { CraftedZip.Entry($0.name, $0.bytes) }
        let index = try #require(crafted.firstIndex { $0.name == "module.json" })
        crafted[index].crc32 = 0xDEAD_BEEF
        let path = folder.child("crc.lessonpack")
        try CraftedZip(crafted).write(to: path)
        #expect(BundleVerifier.verify(path).problems.contains { $0.contains("corrupt") })
    }
}
