import Foundation
import LessonpackTestSupport
import Testing

/// Every sentence the web player's page adds has its Japanese: the activity renderers' words (written in English as
/// `w('…')`, Sources/LessonpackStudioServer/Web/preview*.js) in preview-words-ja.json, and the page's own in
/// ui-strings.js. A word added in English without its translation fails here, named.
@Suite struct PageWordsTests {
    static let web = Paths.inPackage("Sources/LessonpackWebPlayer/Web")
    static let renderers = Paths.inPackage("Sources/LessonpackStudioServer/Web")

    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{([a-zA-Z]+)\}/).map { String($0.output.1) })
    }

    @Test func everyRendererWordHasItsJapanese() throws {
        let table = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: Self.web + "/preview-words-ja.json"))) as? [String: String])
        var used: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.renderers)
        where name.hasPrefix("preview") && name.hasSuffix(".js") {
            let source = try String(contentsOfFile: Self.renderers + "/" + name, encoding: .utf8)
            for match in source.matches(of: /\bw\('((?:[^'\\]|\\.)*)'/) {
                let english = String(match.output.1)
                used.insert(english)
                let japanese = try #require(table[english], "\(name): w('\(english)') has no Japanese in preview-words-ja.json")
                #expect(!japanese.isEmpty, "\(english): the Japanese is empty")
                #expect(Self.placeholders(japanese) == Self.placeholders(english), "\(english): the Japanese fills other blanks")
            }
        }
        #expect(used.count > 100, "found only \(used.count) words: the pattern no longer matches how they are written")
        #expect(Set(table.keys).subtracting(used).isEmpty, "unused in preview-words-ja.json: \(Set(table.keys).subtracting(used).sorted())")
    }

    @Test func everyPageSentenceHasItsJapanese() throws {
        let source = try String(contentsOfFile: Self.web + "/ui-strings.js", encoding: .utf8)
        func table(_ language: String) throws -> [String: String] {
            let start = try #require(source.range(of: "\n  \(language): {\n"), "ui-strings.js has no \(language) table")
            let end = try #require(source[start.upperBound...].range(of: "\n  },"))
            var entries: [String: String] = [:]
            for match in source[start.upperBound..<end.lowerBound].matches(of: /\n    ([a-zA-Z]+): '((?:[^'\\]|\\.)*)',/) {
                entries[String(match.output.1)] = String(match.output.2)
            }
            return entries
        }
        let english = try table("en"), japanese = try table("ja")
        #expect(english.count > 20)
        #expect(Set(english.keys) == Set(japanese.keys),
                "missing in ja: \(Set(english.keys).subtracting(japanese.keys).sorted()); only in ja: \(Set(japanese.keys).subtracting(english.keys).sorted())")
        for (key, text) in english {
            #expect(Self.placeholders(japanese[key] ?? "") == Self.placeholders(text), "\(key): the Japanese fills other blanks")
        }
    }
}
