import Foundation
import LessonpackTestSupport
import Testing

/// The documentation explains every diagnostic code lessonpack can report: a code a user meets is one they can look
/// up. docs/format.md has the sources' codes, docs/bundle-format.md those of bundles, catalogs and the library,
/// docs/player.md those of the progress store, docs/publishing.md those of fetching releases over the web,
/// docs/json-output.md the command line's own failures, docs/studio-api.md the studio's.
@Suite struct DocumentationTests {
    @Test func everyDiagnosticCodeIsDocumented() throws {
        let documentation = try ["docs/format.md", "docs/bundle-format.md", "docs/player.md", "docs/publishing.md",
                                 "docs/json-output.md", "docs/studio-api.md"].map { path in
            try String(contentsOfFile: Paths.inPackage(path), encoding: .utf8)
        }.joined()
        let pattern = try NSRegularExpression(pattern: #"DiagnosticCode = "([a-z0-9-]+)""#)
        let sources = FileManager.default.enumerator(atPath: Paths.inPackage("Sources"))
        var codes: [String] = []
        while let file = sources?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: Paths.inPackage("Sources/" + file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                codes.append(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(codes.count > 50)
        for code in codes {
            #expect(documentation.contains("| `\(code)` |"), "no table in docs/ explains [\(code)]")
        }
    }
}
