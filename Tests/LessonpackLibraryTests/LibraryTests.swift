import Foundation
import LessonpackBundle
import LessonpackCatalogFormat
import LessonpackDiagnostics
import LessonpackSigning
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackLibrary

/// Bundles of the check fixtures' base module, built once per test: unsigned, signed by a publisher, signed by a
/// stranger, and a newer version.
struct Bundles {
    let folder = TemporaryFolder("lessonpack-library")
    let publisher = SigningKey.generate()
    let stranger = SigningKey.generate()
    let plain: String
    let signed: String
    let byStranger: String
    let newer: String

    init() throws {
        let base = Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base")
        plain = try Self.build(base, into: folder.child("plain"), key: nil)
        signed = try Self.build(base, into: folder.child("signed"), key: publisher)
        byStranger = try Self.build(base, into: folder.child("stranger"), key: stranger)
        let newerSource = folder.copy(base, as: "newer-source")
        let module = newerSource + "/module.plist"
        try String(contentsOfFile: module, encoding: .utf8).replacingOccurrences(of: "<string>1.0.0</string>", with: "<string>1.1.0</string>")
            .write(toFile: module, atomically: true, encoding: .utf8)
        newer = try Self.build(newerSource, into: folder.child("newer"), key: publisher)
    }

    static func build(_ source: String, into output: String, key: SigningKey?) throws -> String {
        let result = try BundleBuilder.build(folder: source, options: .init(outputFolder: output, signingKey: key))
        return try #require(result.bundlePath)
    }
}

@Suite struct TrustRuleTests {
    let bundles = try! Bundles()

    func library() -> ModuleLibrary { ModuleLibrary(dataFolder: TemporaryFolder("lessonpack-data").path + "/data") }

    @Test func theSameFileTwiceIsAlreadyInstalled() throws {
        let library = library()
        #expect(try library.install(bundles.plain).alreadyInstalled == false)
        #expect(try library.install(bundles.plain).alreadyInstalled == true)
        #expect(library.list().count == 1)
    }

    @Test func aChangeOfSignerIsSaidWithoutAKeyAndReplacedUnderOne() throws {
        let library = library()
        _ = try library.install(bundles.signed)
        let changed = try library.install(bundles.byStranger)
        #expect(changed.warnings.map(\.code) == [.installSignerChanged])
        #expect(changed.warnings[0].severity == .warning)
        // With the publisher's key, the stranger's copy is not "already installed": the publisher's replaces it.
        let trust = ModuleLibrary.Trust(key: bundles.publisher.verificationKey)
        let restored = try library.install(bundles.signed, trust: trust)
        #expect(!restored.alreadyInstalled)
        #expect(restored.warnings.map(\.code) == [.installSignerChanged])
        #expect(library.list().map(\.signature.keyID) == [bundles.publisher.verificationKey.keyID])
        // And the stranger's copy cannot come back under the key.
        #expect(throws: BundleError.self) { try library.install(bundles.byStranger, trust: trust) }
    }

    @Test func anOlderVersionIsSaidWithoutAKeyAndRefusedUnderOne() throws {
        let library = library()
        _ = try library.install(bundles.newer)
        let trust = ModuleLibrary.Trust(key: bundles.publisher.verificationKey)
        do {
            _ = try library.install(bundles.signed, trust: trust)
            Issue.record("a downgrade was installed under --key")
        } catch {
            #expect(error.codes == [.installDowngrade])
        }
        #expect(library.list().map(\.version) == ["1.1.0"])
        let allowed = try library.install(bundles.signed, trust: ModuleLibrary.Trust(key: trust.key, allowDowngrade: true))
        #expect(allowed.warnings.map(\.code) == [.installDowngrade])
        #expect(library.newest("base")?.version == "1.1.0")
    }

    @Test func leftoversOfAKilledInstallAreCleared() throws {
        let library = library()
        try FileManager.default.createDirectory(atPath: library.folder, withIntermediateDirectories: true)
        // The name an install's copy really has while it is made: what a run killed there (SIGKILL) leaves.
        let staged = try AtomicFile.Staged(replacing: library.folder + "/" + ModuleLibrary.incomingPrefix)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: library.folder).first)
        staged.discard()
        #expect(name.hasPrefix("..incoming.tmp-"))
        FileManager.default.createFile(atPath: library.folder + "/" + name, contents: Data(count: 1000))
        try FileManager.default.createDirectory(atPath: library.folder + "/..incoming.tmp-Ab12Cd", withIntermediateDirectories: false)
        // Not a leftover of ours: kept.
        FileManager.default.createFile(atPath: library.folder + "/.incoming-notes", contents: Data(count: 10))
        _ = try library.install(bundles.plain)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.folder).sorted() == [".incoming-notes", ".lock", "base"])
    }

    @Test func aFIFONamedAsABundleIsRefusedWithoutBlocking() throws {
        let folder = TemporaryFolder()
        let fifo = folder.child("fifo.lessonpack")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: BundleError.self) { try library().install(fifo) }
    }

    @Test func aLibraryInUseMakesTheNextInstallWait() throws {
        let library = library()
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        DispatchQueue.global().async {
            let held = try? library.lock()
            holding.signal()
            release.wait()
            withExtendedLifetime(held) {}
        }
        holding.wait()
        // flock locks belong to the open file: another descriptor in this process waits as another process would.
        #expect(throws: FolderLock.Failure.self) { try FolderLock(library.folder, timeout: 0.1) }
        // Released on a timer started here, so a slow machine can only make the wait longer, never shorter.
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) { release.signal() }
        _ = try FolderLock(library.folder, timeout: 5)
        #expect(Date().timeIntervalSince(started) >= 0.3)
    }
}

@Suite struct CatalogInstallTests {
    let bundles = try! Bundles()

    /// A release folder holding `files` and a catalog listing `modules`, inside the test's own temporary folder.
    func catalogFolder(_ modules: [Catalog.Module], bundles files: [String]) throws -> String {
        let folder = bundles.folder.child("catalog-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in files { try FileManager.default.copyItem(atPath: file, toPath: folder + "/base-1.0.0.lessonpack") }
        let catalog = Catalog(release: 1, released: 0, modules: modules, changes: [])
        try Data(try catalog.json()).write(to: URL(fileURLWithPath: folder + "/catalog.json"))
        return folder
    }

    func entry(_ path: String, signedBy: String? = nil) throws -> Catalog.Module {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        return Catalog.Module(id: "base", title: "Base", version: "1.0.0", level: "A2", file: "base-1.0.0.lessonpack", size: size,
                              sha256: try #require(FileDigest.sha256(ofFileAt: path)), signedBy: signedBy)
    }

    @Test func aBundleListedThousandsOfTimesIsInstalledOnce() throws {
        let one = try entry(bundles.plain)
        let folder = try catalogFolder(Array(repeating: one, count: 3000), bundles: [bundles.plain])
        let library = ModuleLibrary(dataFolder: bundles.folder.child("data-repeated"))
        let outcomes = try library.install(catalog: folder)
        #expect(outcomes.count == 1)
        #expect(library.list().count == 1)
    }

    @Test func underAKeyAnInstalledCopyFromAnotherSignerIsNotUpToDate() throws {
        // The stranger's bundle is installed; a catalog then lists that very file. Without a key it is up to date;
        // with the publisher's key it is not, and installing it is refused.
        let library = ModuleLibrary(dataFolder: bundles.folder.child("data-key"))
        _ = try library.install(bundles.byStranger)
        let folder = try catalogFolder([try entry(bundles.byStranger, signedBy: bundles.stranger.verificationKey.keyID)],
                                       bundles: [bundles.byStranger])
        guard case .upToDate = try library.install(catalog: folder)[0].result else {
            Issue.record("without --key the installed file is the listed one")
            return
        }
        let outcome = try library.install(catalog: folder, trust: .init(key: bundles.publisher.verificationKey))
        guard case .failed(let problems) = outcome[0].result else {
            Issue.record("an installed copy signed by another key was called up to date under --key")
            return
        }
        #expect(problems.map(\.code) == [.signatureWrongKey])
    }
}
