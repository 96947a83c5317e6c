import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import LessonpackModel

/// module.plist's `language`, the language a module teaches: read, written back by `fmt` after the level, carried
/// by the compiled module, and absent everywhere when the author writes none, so such a module compiles byte for
/// byte as it did before the key existed.
@Suite struct ModuleLanguageTests {
    func sample() throws -> Module { try ModuleLoader.load(folder: Paths.sampleModule).module }

    func compiled(_ module: Module) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try #require(try JSONSerialization.jsonObject(with: encoder.encode(module)) as? [String: Any])
    }

    @Test func aModuleWithoutTheKeyTeachesEnglishAndWritesNoKey() throws {
        let module = try sample()
        #expect(module.language == nil)
        #expect(module.taughtLanguage == "en")
        #expect(try compiled(module)["language"] == nil)
        let written = String(decoding: try #require(try ModuleSourceWriter.sources(of: module)[.module]), as: UTF8.self)
        #expect(!written.contains("<key>language</key>"))
    }

    @Test func theKeyIsReadWrittenAfterTheLevelAndCompiled() throws {
        var module = try sample()
        module.language = "en-GB"
        #expect(module.taughtLanguage == "en-GB")
        #expect(try compiled(module)["language"] as? String == "en-GB")
        #expect(try JSONDecoder().decode(Module.self, from: JSONEncoder().encode(module)) == module)
        let sources = try ModuleSourceWriter.sources(of: module)
        let written = String(decoding: try #require(sources[.module]), as: UTF8.self)
        let level = try #require(written.range(of: "<key>level</key>"))
        let language = try #require(written.range(of: "<key>language</key>"))
        let summary = try #require(written.range(of: "<key>summary</key>"))
        #expect(level.upperBound < language.lowerBound && language.upperBound < summary.lowerBound)
        let read = ModuleLoader.load(sources: sources, folder: "x")
        #expect(read.module.language == "en-GB")
        #expect(read.diagnostics.isEmpty)
        // Placed, for the checker and the studio: after the level, before the summary.
        #expect(read.map.location(of: .module(.language)) > read.map.location(of: .module(.level)))
    }

    @Test(arguments: ["en", "en-GB", "en-US", "ja", "zh-Hant-TW", "es-419", "sl-rozaj-biske", "de-CH-1901",
                      "en-a-bbb-x-a-ccc", "x-whatever", "EN-gb"])
    func wellFormedTags(_ tag: String) {
        #expect(LanguageTag.isWellFormed(tag))
    }

    @Test(arguments: ["", "en_GB", "English", "e", "en-", "-en", "en--GB", "en-GB-", "toolongtag1", "en-a",
                      "en-a-bb-a-cc", "en-x", "12", "en GB", "日本語"])
    func malformedTags(_ tag: String) {
        #expect(!LanguageTag.isWellFormed(tag))
    }
}
