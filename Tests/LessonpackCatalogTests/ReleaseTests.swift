import Foundation
import LessonpackBundle
import LessonpackCatalogFormat
import LessonpackCatalog
import LessonpackDiagnostics
import LessonpackSigning
import LessonpackSystem
import LessonpackTestSupport
import Testing

/// Releases of small modules made from the check fixtures' base module, each with its own id.
@Suite struct ReleaseTests {
    static let base = Paths.inPackage("Tests/LessonpackCheckTests/Fixtures/base")

    /// `count` modules named lesson-1…, under `folder`/sources.
    func modules(_ count: Int, in folder: TemporaryFolder) throws -> String {
        let sources = folder.child("sources")
        for index in 1...count { try add("lesson-\(index)", to: sources) }
        return sources
    }

    func add(_ id: String, to sources: String, from template: String = base) throws {
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        let module = sources + "/" + id
        try FileManager.default.copyItem(atPath: template, toPath: module)
        try edit(module + "/module.plist", "<string>base</string>", "<string>\(id)</string>")
    }

    func edit(_ path: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(path) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aReleaseBuildsEveryModuleAndTheNextSkipsWhatDidNotChange() throws {
        let folder = TemporaryFolder()
        let sources = try modules(6, in: folder)
        let output = folder.child("out")
        let first = try Release.run(sources, options: .init(output: output, jobs: 3, timestamp: 1_700_000_000))
        #expect(first.diagnostics.isEmpty && first.built.count == 6 && first.unchanged.isEmpty && first.catalogWritten)
        let catalog = try Catalog.read(folder: output)
        #expect(catalog.release == 1 && catalog.released == 1_700_000_000)
        #expect(catalog.modules.map(\.id) == (1...6).map { "lesson-\($0)" }.sorted())
        #expect(catalog.changes.map(\.kind) == Array(repeating: .added, count: 6))
        let entry = try #require(catalog.module("lesson-3"))
        #expect(entry.file == "lesson-3-1.0.0.lessonpack" && entry.level == "A2" && entry.signedBy == nil)
        #expect(entry.sha256 == FileDigest.sha256(ofFileAt: output + "/" + entry.file))
        #expect(try String(contentsOfFile: output + "/CHANGELOG.md", encoding: .utf8).hasPrefix("## Release 1 (2023-11-14)"))

        let second = try Release.run(sources, options: .init(output: output, jobs: 3))
        #expect(second.built.isEmpty && second.unchanged.count == 6 && !second.catalogWritten)
        #expect(second.filesHashed == 0, "unchanged files were read again")
        #expect(try Catalog.read(folder: output) == catalog)
    }

    @Test func changedContentMustRaiseTheVersionAndTheChangelogSaysWhatChanged() throws {
        let folder = TemporaryFolder()
        let sources = try modules(2, in: folder)
        let output = folder.child("out")
        _ = try Release.run(sources, options: .init(output: output))
        try edit(sources + "/lesson-1/transcript.plist", "Please have a seat.", "Please, have a seat.")

        let refused = try Release.run(sources, options: .init(output: output))
        #expect(refused.diagnostics.map(\.message) == ["the content changed (1 change, a patch change) but the version " +
            "went from 1.0.0 to 1.0.0: it must be at least 1.0.1 (released as lesson-1-1.0.0.lessonpack)"])
        #expect(try Catalog.read(folder: output).release == 1)

        try edit(sources + "/lesson-1/module.plist", "<string>1.0.0</string>", "<string>1.0.1</string>")
        let released = try Release.run(sources, options: .init(output: output))
        #expect(released.built == [sources + "/lesson-1"] && released.removed == ["lesson-1-1.0.0.lessonpack"])
        let catalog = try Catalog.read(folder: output)
        #expect(catalog.release == 2)
        #expect(catalog.changes == [.init(id: "lesson-1", kind: .updated, fromVersion: "1.0.0", toVersion: "1.0.1",
                                          details: ["transcript: 1 changed"])])
        #expect(!FileManager.default.fileExists(atPath: output + "/lesson-1-1.0.0.lessonpack"))
        let changelog = try String(contentsOfFile: output + "/CHANGELOG.md", encoding: .utf8)
        #expect(changelog.contains("- lesson-1: 1.0.0 → 1.0.1\n  - transcript: 1 changed\n\n## Release 1"))
    }

    @Test func anyErrorInAnyModuleStopsTheReleaseBeforeItWritesAnything() throws {
        let folder = TemporaryFolder()
        let sources = try modules(3, in: folder)
        try edit(sources + "/lesson-1/module.plist", "<key>title</key>", "<key>titel</key>")
        try edit(sources + "/lesson-3/questions/test.plist", "<string>o1</string>", "<string>o9</string>")
        try add("lesson-2", to: sources + "/more")
        let output = folder.child("out")
        let outcome = try Release.run(sources, options: .init(output: output))
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        #expect(Set(errors.map(\.code.rawValue)) == ["unknown-key", "unknown-objective", "unassessed-objective", "release-module"])
        #expect(errors.contains { $0.message.hasPrefix("module id 'lesson-2' is also the id of") })
        #expect(!FileManager.default.fileExists(atPath: output), "a refused release wrote \(output)")
    }

    @Test func aNewSigningKeyRebuildsAndTheCatalogNamesIt() throws {
        let folder = TemporaryFolder()
        let sources = try modules(1, in: folder)
        let output = folder.child("out")
        _ = try Release.run(sources, options: .init(output: output))
        let key = SigningKey.generate()
        let signed = try Release.run(sources, options: .init(output: output, signingKey: key))
        #expect(signed.built.count == 1)
        let catalog = try Catalog.read(folder: output)
        #expect(catalog.modules.first?.signedBy == key.verificationKey.keyID)
        #expect(catalog.changes.map(\.kind) == [.rebuilt])
    }

    @Test func thePlistCatalogSaysWhatTheJSONSays() throws {
        let folder = TemporaryFolder()
        let output = folder.child("out")
        _ = try Release.run(try modules(2, in: folder), options: .init(output: output, timestamp: 0))
        let plist = try String(contentsOfFile: output + "/catalog.plist", encoding: .utf8)
        #expect(plist.contains("<key>released</key>\n\t<date>1970-01-01T00:00:00Z</date>"))
        #expect(plist.contains("<key>file</key>\n\t\t\t<string>lesson-2-1.0.0.lessonpack</string>"))
    }

    @Test func aCatalogCannotPointOutsideItsFolder() throws {
        let folder = TemporaryFolder()
        folder.write(#"{"format":1,"tool":"x","release":1,"released":0,"changes":[],"modules":[{"id":"a","title":"A","# +
                     #""version":"1.0.0","level":"A1","file":"../../etc/a.lessonpack","size":1,"sha256":"00"}]}"#,
                     to: "catalog.json")
        #expect(throws: CatalogError.self) { try Catalog.read(folder: folder.path) }
        folder.write(#"{"format":9,"tool":"x","release":1,"released":0,"changes":[],"modules":[]}"#, to: "catalog.json")
        do { _ = try Catalog.read(folder: folder.path); Issue.record("read a newer format") } catch {
            #expect(error.description.contains("newer than this lessonpack reads"))
        }
    }

    @Test func underWerrorAWarningStopsTheReleaseAndAModuleReleasedWithoutItIsCheckedAgain() throws {
        let folder = TemporaryFolder()
        let sources = try modules(1, in: folder)
        folder.write("<plist><string>notes</string></plist>", to: "sources/lesson-1/notes.plist")
        let output = folder.child("out")
        let strict = try Release.run(sources, options: .init(output: output, warningsAsErrors: true))
        #expect(strict.diagnostics.map(\.code.rawValue) == ["unknown-file"] && strict.hasErrors)
        #expect(!FileManager.default.fileExists(atPath: output))

        #expect(try Release.run(sources, options: .init(output: output)).built.count == 1)
        let again = try Release.run(sources, options: .init(output: output, warningsAsErrors: true))
        #expect(again.hasErrors, "a module released with a warning passed --werror unchecked")
    }

    @Test func somethingInTheWayOfABundleStopsTheReleaseBeforeAnyBundleMoves() throws {
        let folder = TemporaryFolder()
        let sources = try modules(2, in: folder)
        let output = folder.child("out")
        try FileManager.default.createDirectory(atPath: output + "/lesson-2-1.0.0.lessonpack", withIntermediateDirectories: true)
        let outcome = try Release.run(sources, options: .init(output: output))
        #expect(outcome.diagnostics.map(\.message) == ["cannot write \(output)/lesson-2-1.0.0.lessonpack: it is a folder, " +
                                                     "not a file; only a regular file is replaced"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).filter { !$0.hasPrefix(".") }
                == ["lesson-2-1.0.0.lessonpack"])
    }

    @Test func aCatalogThatCannotBeReadStopsTheRelease() throws {
        let folder = TemporaryFolder()
        let sources = try modules(1, in: folder)
        let output = folder.child("out")
        _ = try Release.run(sources, options: .init(output: output))
        let json = output + "/catalog.json"
        let text = try String(contentsOfFile: json, encoding: .utf8)
        try text.replacingOccurrences(of: "\"format\" : 1", with: "\"format\" : 2").write(toFile: json, atomically: true, encoding: .utf8)
        #expect(throws: CatalogError.self) { try Release.run(sources, options: .init(output: output)) }
    }

    @Test func aLinkedSourceFileIsRefused() throws {
        // A module is self-contained: a source that is a link could be any file on the publisher's machine.
        let folder = TemporaryFolder()
        let sources = try modules(1, in: folder)
        let shared = folder.child("shared-definitions.plist")
        try FileManager.default.moveItem(atPath: sources + "/lesson-1/definitions.plist", toPath: shared)
        try FileManager.default.createSymbolicLink(atPath: sources + "/lesson-1/definitions.plist", withDestinationPath: shared)
        let output = folder.child("out")
        let outcome = try Release.run(sources, options: .init(output: output))
        #expect(outcome.built.isEmpty)
        #expect(outcome.diagnostics.contains { $0.code == "not-a-regular-file" }, "\(outcome.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func whatAKilledReleaseLeftIsClearedAndTheCatalogIsLinkSafe() throws {
        let folder = TemporaryFolder()
        let sources = try modules(1, in: folder)
        let output = folder.child("out")
        _ = try Release.run(sources, options: .init(output: output))
        // A release killed mid-way leaves a staging folder and a half-written catalog behind.
        try FileManager.default.createDirectory(atPath: output + "/.staging-dead/inner", withIntermediateDirectories: true)
        folder.write("{half", to: "out/.catalog.json.tmp-AbC123")
        try edit(sources + "/lesson-1/module.plist", "<string>1.0.0</string>", "<string>1.0.1</string>")
        try edit(sources + "/lesson-1/definitions.plist", "please sit down.", "please take a seat.")
        let outcome = try Release.run(sources, options: .init(output: output))
        #expect(!outcome.hasErrors, "\(outcome.diagnostics)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasPrefix(".") }.sorted()
                == [".lessonpack-release-cache.json", ".release.lock"])
        // A catalog.json that is a link is never written through.
        let target = folder.write("not yours", to: "elsewhere.json")
        try FileManager.default.removeItem(atPath: output + "/catalog.json")
        try FileManager.default.createSymbolicLink(atPath: output + "/catalog.json", withDestinationPath: target)
        try edit(sources + "/lesson-1/module.plist", "<string>1.0.1</string>", "<string>1.0.2</string>")
        try edit(sources + "/lesson-1/definitions.plist", "please take a seat.", "please sit down.")
        #expect(throws: CatalogError.self) { try Release.run(sources, options: .init(output: output)) }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "not yours")
    }
}
