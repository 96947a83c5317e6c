import BundleArchive
import Foundation
import LessonpackBundle
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackRuntime

@Suite struct LoadingTests {
    func sampleBundle(in folder: TemporaryFolder) throws -> String {
        try #require(try BundleBuilder.build(folder: Paths.sampleModule, options: .init(outputFolder: folder.child("dist"))).bundlePath)
    }

    @Test func aBundleAndItsSourceFolderGiveTheSameModule() throws {
        let folder = TemporaryFolder()
        let fromBundle = try LoadedModule.open(try sampleBundle(in: folder), cacheFolder: folder.child("cache"))
        let fromFolder = try LoadedModule.open(Paths.sampleModule, cacheFolder: folder.child("cache"))
        #expect(fromBundle.module == fromFolder.module)
    }

    @Test func mediaIsExtractedOnceAndVerified() throws {
        let folder = TemporaryFolder()
        let loaded = try LoadedModule.open(try sampleBundle(in: folder), cacheFolder: folder.child("cache"))
        let path = try loaded.media.file("lines/l03.opus")
        #expect(path.hasPrefix(folder.child("cache") + "/"))
        #expect(FileDigest.sha256(ofFileAt: path) == loaded.media.info("lines/l03.opus")?.sha256)
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try loaded.media.file("lines/l03.opus") == path)
        let again = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(again == modified)
        #expect(throws: RuntimeError.self) { try loaded.media.file("../../etc/passwd") }
    }

    @Test func openingReadsNoMediaSoDamagedMediaShowsOnlyWhenUsed() throws {
        let folder = TemporaryFolder()
        let path = try sampleBundle(in: folder)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let entry = try #require(try ZipDirectory.read(path: path).entries.first { $0.name == "media/qa/q7-a.opus" })
        #expect(entry.method == 0)  // stored, so flipping a byte corrupts content, not the ZIP structure
        bytes[Int(entry.span.upperBound) - 40] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let loaded = try LoadedModule.open(path, cacheFolder: folder.child("cache"))
        #expect(throws: RuntimeError.self) { try loaded.media.file("qa/q7-a.opus") }
        #expect(try loaded.media.file("qa/q7-b.opus").hasSuffix(".opus"))
    }

    @Test func refusesBrokenFoldersAndBundles() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "m")
        try FixtureEdits("delete media/lines/l01.opus").apply(to: module)
        #expect(throws: RuntimeError.self) { try LoadedModule.open(module) }
        let junk = folder.write("not a bundle", to: "junk.lessonpack")
        #expect(throws: RuntimeError.self) { try LoadedModule.open(junk) }
        #expect(throws: RuntimeError(.runtimeModuleMissing, "/no/such: no such bundle or module folder")) { try LoadedModule.open("/no/such") }
    }

    @Test func aCheckedModuleIsRememberedForThisBuildOnly() throws {
        let folder = TemporaryFolder()
        let memory = CheckedModuleMemory(folder: folder.child("checked"), build: "build-1")
        let sample = try sampleBundle(in: folder)
        _ = try LoadedModule.open(sample, cacheFolder: folder.child("cache"), checked: memory)
        let digest = try #require(try BundleReader.open(sample).manifest.entry("module.json")?.sha256)
        #expect(memory.passed(moduleSHA256: digest))
        #expect(!CheckedModuleMemory(folder: folder.child("checked"), build: "build-2").passed(moduleSHA256: digest))

        // A module that fails is checked, and refused, every time: nothing is remembered of it.
        let odd = try inconsistentBundle(in: folder, withMedia: false)
        #expect(throws: RuntimeError.self) { try LoadedModule.open(odd.path, checked: memory) }
        #expect(!memory.passed(moduleSHA256: odd.digest))
        #expect(throws: RuntimeError.self) { try LoadedModule.open(odd.path, checked: memory) }

        // What a remembered pass skips is exactly the module's check, and only for the build that passed it: a
        // forged pass lets this module through for build-1 alone.
        memory.rememberPassed(moduleSHA256: odd.digest)
        #expect(try LoadedModule.open(odd.path, checked: memory).module.videoTask[0].lines == ["l99"])
        #expect(throws: RuntimeError.self) { try LoadedModule.open(odd.path) }
        #expect(throws: RuntimeError.self) {
            try LoadedModule.open(odd.path, checked: CheckedModuleMemory(folder: folder.child("checked"), build: "build-2"))
        }
    }

    @Test func aLinkInTheMemoryIsNoVerdict() throws {
        let folder = TemporaryFolder()
        let odd = try inconsistentBundle(in: folder, withMedia: false)
        let planted = CheckedModuleMemory(folder: folder.child("planted"), build: "b")
        planted.rememberPassed(moduleSHA256: odd.digest)
        let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.child("planted")).first)
        let memory = CheckedModuleMemory(folder: folder.child("linked"), build: "b")
        try FileManager.default.createDirectory(atPath: folder.child("linked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.child("linked/" + entry),
                                                   withDestinationPath: folder.child("planted/" + entry))
        #expect(!memory.passed(moduleSHA256: odd.digest))
        #expect(throws: RuntimeError.self) { try LoadedModule.open(odd.path, checked: memory) }
    }

    /// The memory is the learner's alone: a folder others may write to gives no verdict, and with no cache folder of
    /// their own (no XDG_CACHE_HOME, no HOME) nothing is remembered in the shared temporary folder.
    @Test func aMemoryOthersMayWriteToIsNoVerdict() throws {
        let folder = TemporaryFolder()
        let odd = try inconsistentBundle(in: folder, withMedia: false)
        let memory = CheckedModuleMemory(folder: folder.child("shared"), build: "b")
        memory.rememberPassed(moduleSHA256: odd.digest)
        #expect(memory.passed(moduleSHA256: odd.digest))
        #expect(chmod(folder.child("shared"), 0o777) == 0)
        #expect(!memory.passed(moduleSHA256: odd.digest))
        #expect(throws: RuntimeError.self) { try LoadedModule.open(odd.path, checked: memory) }
        #expect(MediaStore.checkedModules(environment: [:]) == nil)
        #expect(MediaStore.checkedModules(environment: ["HOME": folder.path]) != nil)
    }

    /// A bundle whose every hash is right but whose module.json was edited to name a line that does not exist.
    /// `withMedia` false: the module lists no media either, so that the consistency check is all that refuses it.
    func inconsistentBundle(in folder: TemporaryFolder, withMedia: Bool = true) throws -> (path: String, digest: String) {
        var module = try ModuleLoader.load(folder: Paths.sampleModule).module
        module.videoTask[0].lines = ["l99"]
        if !withMedia { module.media = [] }
        let compiled = try CompiledModule.encode(module)
        let mimetype = Array(BundleFormat.mediaType.utf8)
        let manifest = BundleManifest(moduleID: module.id, version: module.version, entries: [
            .init(path: "mimetype", size: mimetype.count, sha256: FileDigest.sha256(of: mimetype)),
            .init(path: "module.json", size: compiled.count, sha256: FileDigest.sha256(of: compiled)),
        ])
        let path = folder.child(withMedia ? "odd.lessonpack" : "odd-no-media.lessonpack")
        try TestZip.write(path) { writer in
            try writer.add("mimetype", bytes: mimetype, compression: .store)
            try writer.add("manifest.plist", bytes: try manifest.encoded(), compression: .deflate)
            try writer.add("module.json", bytes: compiled, compression: .deflate)
        }
        return (path, FileDigest.sha256(of: compiled))
    }

    @Test func refusesAConsistentlyHashedButInconsistentModule() throws {
        // A bundle whose every hash is right, but whose module.json was edited to break a reference: only the
        // integrity check can catch it.
        let folder = TemporaryFolder()
        let path = try inconsistentBundle(in: folder).path
        do {
            _ = try LoadedModule.open(path)
            Issue.record("an inconsistent module was opened")
        } catch {
            // module.json has no lines: the problem names the part of the module it is about, in words and as a path.
            let found = try #require(error.diagnostics.first { $0.code == "unknown-line" }, "\(error.diagnostics.map(\.message))")
            #expect(found.location == SourceLocation(file: path))
            #expect(found.path == .videoTask(0, .line(0)))
            #expect(found.message == "module.json, video-task statement 1, line 1: statement 's01' refers to line 'l99', " +
                    "which is not in the transcript; did you mean 'l09'?")
        }
    }

    @Test func refusesAnInconsistentModuleAtEveryOpening() throws {
        // A failed check is never remembered: the same inconsistent bundle is refused every time.
        let folder = TemporaryFolder()
        let odd = try inconsistentBundle(in: folder, withMedia: false).path
        for _ in 0..<2 {
            #expect(throws: RuntimeError.self) { try LoadedModule.open(odd, cacheFolder: folder.child("cache")) }
        }
    }
}

