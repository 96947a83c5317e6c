import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import LessonpackTestSupport
import Testing
@testable import LessonpackBundle

/// A bundle's module.json is checked as decoded: its problems point at the bundle, name the part of the module in
/// words after "module.json", and carry that part as their path.
@Suite struct CompiledModuleProblemTests {
    /// The sample's bundle with its module.json replaced by `edit`'s module, every hash made to fit.
    func bundle(_ edit: (inout Module) -> Void, in folder: TemporaryFolder) throws -> String {
        let original = try buildSample(into: folder)
        let list = try entries(of: original)
        var module = try CompiledModule.decode(try #require(list.first { $0.name == "module.json" }).bytes)
        edit(&module)
        let compiled = try CompiledModule.encode(module)
        var manifest = try BundleManifest.decode(try #require(list.first { $0.name == "manifest.plist" }).bytes)
        let index = try #require(manifest.entries.firstIndex { $0.path == "module.json" })
        manifest.entries[index].size = compiled.count
        manifest.entries[index].sha256 = FileDigest.sha256(of: compiled)
        let encodedManifest = try manifest.encoded()
        return try tampered(original, into: folder) { list in
            list[try #require(list.index(of: "module.json"))].bytes = compiled
            list[try #require(list.index(of: "manifest.plist"))].bytes = encodedManifest
        }
    }

    @Test func aProblemNamesThePartOfTheModuleItIsAbout() throws {
        let folder = TemporaryFolder()
        let path = try bundle({ module in
            module.title = "Job\u{1B}]0;interview"
            module.transcript[2].speaker = "nobody"
        }, in: folder)
        do {
            _ = try BundleReader.open(path)
            Issue.record("a module no source could say was opened")
        } catch {
            let title = try #require(error.diagnostics.first { $0.path == .module(.title) }, "\(error.problems)")
            #expect(title.code == "module-json-invalid")
            #expect(title.location == SourceLocation(file: path))
            #expect(title.message == "module.json, module, title: it holds the control character U+1B, which a " +
                    "module's sources cannot hold")
            let speaker = try #require(error.diagnostics.first { $0.code == "undeclared-speaker" }, "\(error.problems)")
            #expect(speaker.path == .transcript(2, .speaker))
            #expect(speaker.message.hasPrefix("module.json, transcript line 3, speaker: line 'l03' is spoken by 'nobody', "))
        }
        #expect(BundleVerifier.verify(path).problems.contains { $0.hasPrefix("module.json, module, title: ") })
    }

    @Test func warningsDoNotRefuseABundle() throws {
        // An unused speaker is a warning in sources: compiled, it is no reason to refuse the bundle.
        let folder = TemporaryFolder()
        let path = try bundle({ module in
            module.speakers.append(Speaker(id: "extra", name: "Extra", colour: "#123456"))
        }, in: folder)
        #expect(try BundleReader.open(path).module.speakers.last?.id == "extra")
    }
}
