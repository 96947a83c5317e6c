import BundleArchive
import Foundation
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackBundle

@Suite struct BuildTests {
    @Test func theSameSourcesGiveTheSameBytes() throws {
        let first = TemporaryFolder()
        let second = TemporaryFolder()
        let a = try Data(contentsOf: URL(fileURLWithPath: try buildSample(into: first)))
        let b = try Data(contentsOf: URL(fileURLWithPath: try buildSample(into: second)))
        #expect(a == b)
        let scratch1 = TemporaryFolder()
        let dated = try Data(contentsOf: URL(fileURLWithPath: try buildSample(into: scratch1, timestamp: 1_700_000_000)))
        #expect(dated != a)
    }

    @Test func layoutFollowsTheFormat() throws {
        let folder = TemporaryFolder()
        let path = try buildSample(into: folder)
        #expect((path as NSString).lastPathComponent == "job-interview-1.0.0.lessonpack")
        let directory = try ZipDirectory.read(path: path)
        let names = directory.entries.map(\.name)
        #expect(names.first == "mimetype")
        #expect(directory.entries.first?.method == 0)
        #expect(Array(names.dropFirst()) == names.dropFirst().sorted())
        #expect(names.contains("manifest.plist") && names.contains("module.json"))
        #expect(names.filter { $0.hasPrefix("media/") }.count == 50)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes[58..<88]) == Array(BundleFormat.mediaType.utf8))
        // Nothing was left behind beside the bundle.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.child("dist")) == ["job-interview-1.0.0.lessonpack"])
    }

    @Test func theManifestListsEveryEntryWithSizeAndHash() throws {
        let scratch2 = TemporaryFolder()
        let path = try buildSample(into: scratch2)
        let all = try entries(of: path)
        let manifest = try BundleManifest.decode(try #require(all.first { $0.name == "manifest.plist" }).bytes)
        #expect(manifest.moduleID == "job-interview")
        #expect(manifest.version == "1.0.0")
        #expect(manifest.format == BundleFormat.version)
        #expect(manifest.tool == "lessonpack \(ToolVersion.current)")
        #expect(manifest.entries.map(\.path) == all.map(\.name).filter { $0 != "manifest.plist" })
        for entry in all where entry.name != "manifest.plist" {
            let listed = try #require(manifest.entry(entry.name))
            #expect(listed.size == entry.bytes.count)
            #expect(listed.sha256 == FileDigest.sha256(of: entry.bytes))
        }
    }

    @Test func openingGivesBackTheCheckedModule() throws {
        let scratch3 = TemporaryFolder()
        let bundle = try BundleReader.open(try buildSample(into: scratch3))
        let source = try ModuleLoader.load(folder: Paths.sampleModule)
        #expect(bundle.module == source.module)
        #expect(bundle.signature == .unsigned)
    }

    @Test func mediaComesOutVerified() throws {
        let folder = TemporaryFolder()
        let bundle = try BundleReader.open(try buildSample(into: folder))
        let destination = folder.child("out/l01.opus")
        try BundleReader.extract("media/lines/l01.opus", from: bundle, to: destination)
        #expect(FileDigest.sha256(ofFileAt: destination) == FileDigest.sha256(ofFileAt: Paths.sampleModule + "/media/lines/l01.opus"))
        #expect(throws: BundleError.self) { try BundleReader.extract("media/none.opus", from: bundle, to: folder.child("x")) }
    }

    @Test func aModuleWithErrorsWritesNothing() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "m")
        try FixtureEdits("delete media/lines/l05.opus").apply(to: module)
        let result = try BundleBuilder.build(folder: module, options: .init(outputFolder: folder.child("dist")))
        #expect(result.bundlePath == nil)
        #expect(result.diagnostics.contains { $0.code == .mediaFileMissing })
        #expect(!FileManager.default.fileExists(atPath: folder.child("dist")))
    }

    @Test func compressionFollowsTheContent() throws {
        let folder = TemporaryFolder()
        let result = try BundleBuilder.build(folder: Paths.sampleModule, options: .init(outputFolder: folder.path))
        let byPath = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.path, $0.compression) })
        #expect(byPath["mimetype"] == .store)
        #expect(byPath["module.json"] == .deflate)
        #expect(byPath["manifest.plist"] == .deflate)
        let media = folder.write("", to: "tone.wav")
        try TestAudio.wav(seconds: 1).write(to: URL(fileURLWithPath: media))
        #expect(CompressionPolicy.compression(for: .made(media)) == .deflate)
        let noise = folder.child("noise.opus")
        var generator = SystemRandomNumberGenerator()
        try Data((0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: noise))
        #expect(CompressionPolicy.compression(for: .made(noise)) == .store)
    }

    /// A medium deflate would shrink more than any reader accepts (a silent recording) is stored, the bundle written
    /// again, and the build's result reports what was written, not what was first decided.
    @Test func aFileThatDeflatesLikeABombIsStoredAndReportedSo() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "m")
        let silence = Data(count: 1 << 20)
        try silence.write(to: URL(fileURLWithPath: module + "/media/lines/l01.opus"))
        let list = module + "/media.plist"
        let text = try String(contentsOfFile: list, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "<integer>7405</integer>", with: "<integer>\(silence.count)</integer>")
            .replacingOccurrences(of: "520e2e487bd14b3f5a45c75d3cd115249e923aa95486505a2d02ada29de80f32",
                                  with: FileDigest.sha256(of: silence))
        try #require(edited != text)
        try edited.write(toFile: list, atomically: true, encoding: .utf8)
        // Judged by its bytes alone, the silence is worth deflating: only the written bundle shows it is too much.
        #expect(CompressionPolicy.compression(for: .module(module, "lines/l01.opus")) == .deflate)

        let result = try BundleBuilder.build(folder: module, options: .init(outputFolder: folder.child("dist")))
        #expect(!result.diagnostics.hasErrors)
        let reported = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.path, $0.compression) })
        let written = try ZipDirectory.read(path: try #require(result.bundlePath)).entries
        #expect(written.first { $0.name == "media/lines/l01.opus" }?.method == 0)
        #expect(reported["media/lines/l01.opus"] == .store)
        for entry in written {
            #expect(reported[entry.name] == (entry.method == 0 ? .store : .deflate), "\(entry.name)")
        }
    }

    /// A large video is judged by samples spread through it, not by its head: an index that compresses, followed by
    /// megabytes that do not, is stored; the same index before a few hundred kilobytes is worth deflating.
    @Test func aLargeFileIsJudgedThroughoutNotByItsHead() throws {
        let folder = TemporaryFolder()
        var generator = SystemRandomNumberGenerator()
        func noise(_ count: Int) -> [UInt8] {
            (0..<(count + 7) / 8).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } }.prefix(count).map { $0 }
        }
        // An index of 30 kB that deflate all but removes: 0.7 % of the large file, 9 % of the short one.
        let index = [UInt8](repeating: 0, count: 30_000)
        func file(_ name: String, _ bytes: [UInt8]) throws -> MediaSource {
            let path = folder.child(name)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return .made(path)
        }
        // The old policy read the first 256 KiB here, which shrink by 11 %, and deflated all 4 MB.
        #expect(CompressionPolicy.compression(for: try file("large.mp4", index + noise(4 << 20))) == .store)
        #expect(CompressionPolicy.compression(for: try file("short.mp4", index + noise(300_000))) == .deflate)
        let pattern = (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        #expect(CompressionPolicy.compression(for: try file("padded.mp4", noise(100_000) + pattern)) == .deflate)
    }
}
