import Foundation
import LessonpackCheck
import LessonpackDiagnostics
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
        // A code is declared as a `DiagnosticCode`, or as a case of a code enum whose raw value is the code (the
        // archive's, which sits below the diagnostics target).
        let pattern = try NSRegularExpression(pattern: #"DiagnosticCode = "([a-z0-9-]+)"|case [a-zA-Z]+ = "(zip-[a-z0-9-]+)""#)
        let sources = FileManager.default.enumerator(atPath: Paths.inPackage("Sources"))
        var codes: [String] = []
        while let file = sources?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: Paths.inPackage("Sources/" + file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let group = match.range(at: 1).location != NSNotFound ? 1 : 2
                codes.append(String(text[Range(match.range(at: group), in: text)!]))
            }
        }
        #expect(codes.count > 50)
        for code in codes {
            #expect(documentation.contains("| `\(code)` |"), "no table in docs/ explains [\(code)]")
        }
    }

    /// Severity belongs to a code, in `RuleCatalogue`: docs/format.md gives every code `check` reports about a
    /// module the same one, so what the table says is what the checker does.
    @Test func everyCheckCodeHasTheSeverityDocsFormatGivesIt() throws {
        let format = try String(contentsOfFile: Paths.inPackage("docs/format.md"), encoding: .utf8)
        #expect(RuleCatalogue.severities.count > 45)
        for (code, severity) in RuleCatalogue.severities.sorted(by: { $0.key < $1.key }) {
            #expect(format.contains("| `\(code)` | \(severity.rawValue) |"),
                    "docs/format.md does not give [\(code)] the severity \(severity.rawValue)")
        }
    }

    /// No code is an error in one rule's list and a warning in another's.
    @Test func noCodeHasTwoSeverities() {
        let errors = Set(RuleCatalogue.entries.flatMap(\.errors))
        let warnings = Set(RuleCatalogue.entries.flatMap(\.warnings))
        #expect(errors.isDisjoint(with: warnings), "\(errors.intersection(warnings))")
    }
}
