import Foundation
import LessonpackTestSupport
@testable import LessonpackWebPlayer
import Testing

/// What the LMS manifests make of a module's fields (the end-to-end tests, ExportLMSTests, validate whole manifests
/// against the official schemas), and the LMS page's own sentences in both languages.
@Suite struct LMSManifestsTests {
    static func unit(_ id: String, title: String = "At the café", passMark: Int? = nil) -> LMSManifests.Unit {
        LMSManifests.Unit(id: id, title: title, summary: "Order <a> \"drink\" & pay", language: "en", passMark: passMark)
    }

    @Test func aPassMarkIsCmi5sDecimalFromZeroToOne() {
        #expect([0, 5, 10, 60, 65, 99, 100].map(LMSManifests.decimal) == ["0", "0.05", "0.1", "0.6", "0.65", "0.99", "1"])
    }

    @Test func textIsEscapedAndLongTitlesCut() {
        let scorm = LMSManifests.scorm12([Self.unit("cafe", title: String(repeating: "é", count: 250) + "<&>")], files: ["a b/ü.js"])
        #expect(scorm.contains("<title>" + String(repeating: "é", count: 199) + "…</title>"))
        #expect(scorm.contains(#"<file href="a%20b/%C3%BC.js"/>"#))
        let cmi5 = LMSManifests.cmi5([Self.unit("cafe")])
        #expect(cmi5.contains("Order &lt;a&gt; &quot;drink&quot; &amp; pay"))
        #expect(!LMSManifests.escaped("a\u{1}b\tc").contains("\u{1}"))
    }

    @Test func eachModuleIsOneSCOAndOneAU() {
        let units = [Self.unit("cafe", passMark: 80), Self.unit("station")]
        let scorm = LMSManifests.scorm12(units, files: ["lms.html", "player.js"])
        #expect(scorm.components(separatedBy: "adlcp:scormtype=\"sco\"").count == 3)
        #expect(scorm.contains("<adlcp:masteryscore>80</adlcp:masteryscore>"))
        #expect(scorm.components(separatedBy: "<adlcp:masteryscore>").count == 2)
        // The files are listed once, under the first SCO.
        #expect(scorm.components(separatedBy: "<file href=\"player.js\"/>").count == 2)
        let cmi5 = LMSManifests.cmi5(units)
        #expect(cmi5.contains(#"<course id="urn:lessonpack:course:cafe+station">"#))
        #expect(cmi5.contains(#"<au id="urn:lessonpack:module:cafe" moveOn="CompletedAndPassed" masteryScore="0.8" launchMethod="AnyWindow">"#))
        #expect(cmi5.contains(#"<au id="urn:lessonpack:module:station" moveOn="Completed" launchMethod="AnyWindow">"#))
    }

    @Test func theLMSPagesFilesAreOnlyInPackages() {
        #expect(Set(WebPlayerPage.lmsFiles.map(\.name)) == ["lms.html", "lms.js", "lms-scorm.js", "lms-cmi5.js"])
        #expect(WebPlayerPage.files.allSatisfy { !$0.name.hasPrefix("lms") })
    }

    @Test func everyLMSSentenceHasItsJapanese() throws {
        let web = Paths.inPackage("Sources/LessonpackWebPlayer/Web")
        let source = try String(contentsOfFile: web + "/lms.js", encoding: .utf8)
        let scripts = try ["lms.js", "lms-scorm.js", "lms-cmi5.js"].map { try String(contentsOfFile: web + "/" + $0, encoding: .utf8) }
        func table(_ language: String) throws -> [String: String] {
            let start = try #require(source.range(of: "\n  \(language): {\n"), "lms.js has no \(language) table")
            let end = try #require(source[start.upperBound...].range(of: "\n  },"))
            var entries: [String: String] = [:]
            // From the newline before the first entry, which the pattern starts with.
            for match in ("\n" + source[start.upperBound..<end.lowerBound]).matches(of: /\n    ([a-zA-Z]+): '((?:[^'\\]|\\.)*)',/) {
                entries[String(match.output.1)] = String(match.output.2)
            }
            return entries
        }
        let english = try table("en"), japanese = try table("ja")
        #expect(english.count >= 6)
        #expect(Set(english.keys) == Set(japanese.keys))
        for (key, text) in english {
            #expect(PageWordsTests.placeholders(japanese[key] ?? "") == PageWordsTests.placeholders(text), "\(key)")
        }
        // Every sentence the LMS scripts say is in the tables.
        let said = scripts.joined().matches(of: /say\('([a-zA-Z]+)'/).map { String($0.output.1) }
        #expect(said.count >= 4, "found only \(said): the pattern no longer matches how the scripts speak")
        for key in said + ["ended", "exit"] {
            #expect(english[key] != nil, "the LMS scripts say '\(key)', which has no sentence")
        }
    }
}
