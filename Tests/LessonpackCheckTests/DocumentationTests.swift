import Foundation
import LessonpackTestSupport
import Testing

/// docs/format.md explains every diagnostic code the sources can report: a code a user meets is one they can
/// look up.
@Suite struct DocumentationTests {
    @Test func everyDiagnosticCodeIsDocumented() throws {
        let documentation = try String(contentsOfFile: Paths.inPackage("docs/format.md"), encoding: .utf8)
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
            #expect(documentation.contains("`\(code)`"), "docs/format.md does not explain [\(code)]")
        }
    }
}
