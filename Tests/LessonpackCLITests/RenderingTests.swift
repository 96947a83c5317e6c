import Foundation
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing
@testable import LessonpackCLI

@Suite struct ConsoleRenderingTests {
    func render(_ line: String, column: Int) -> String {
        let folder = TemporaryFolder()
        let file = folder.write("first\n" + line + "\nlast\n", to: "f.plist")
        let writer = DiagnosticConsoleWriter(style: Style(enabled: false))
        return writer.render(.error("c", "m", at: SourceLocation(file: file, line: 2, column: column)))
            .replacingOccurrences(of: file, with: "f.plist")
    }

    @Test func theCaretFollowsTabsAndWideCharacters() {
        #expect(render("\tab", column: 3) == "f.plist:2:3: error: m [c]\n 2 | \tab\n   | \t ^\n")
        #expect(render("日本x", column: 3) == "f.plist:2:3: error: m [c]\n 2 | 日本x\n   |     ^\n")
        #expect(render("e\u{301}x", column: 3) == "f.plist:2:3: error: m [c]\n 2 | e\u{301}x\n   |  ^\n")
    }

    @Test func longLinesShowTheStretchAroundTheColumn() {
        let line = String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 300)
        let output = render(line, column: 301)
        let quoted = output.split(separator: "\n")[1]
        #expect(quoted.count < 140)
        #expect(quoted.contains("…aaa") && quoted.contains("aX") && quoted.hasSuffix("b…"))
        let caretLine = output.split(separator: "\n")[2]
        let xOffset = quoted.distance(from: quoted.startIndex, to: quoted.firstIndex(of: "X")!)
        let caretOffset = caretLine.distance(from: caretLine.startIndex, to: caretLine.firstIndex(of: "^")!)
        #expect(xOffset == caretOffset)
    }

    @Test func wholeFileProblemsHaveNoExcerpt() {
        let writer = DiagnosticConsoleWriter(style: Style(enabled: false))
        #expect(writer.render(.warning("w", "m", at: SourceLocation(file: "x.plist"))) == "x.plist: warning: m [w]\n")
    }

    @Test func notesFollowWithTheirOwnPlace() {
        let folder = TemporaryFolder()
        let file = folder.write("a\nb\n", to: "f.plist")
        let diagnostic = Diagnostic.error("dup", "second", at: SourceLocation(file: file, line: 2, column: 1),
                                          notes: [.init("first here", at: SourceLocation(file: file, line: 1, column: 1))])
        let output = DiagnosticConsoleWriter(style: Style(enabled: false)).render(diagnostic)
        #expect(output.contains("\(file):1:1: note: first here\n 1 | a\n   | ^\n"))
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() {
        #expect(ColourMode.never.enabled(for: 1) == false)
        #expect(ColourMode.always.enabled(for: 1) == true)
        #expect(Style(enabled: true).red("x") == "\u{1B}[1;31mx\u{1B}[0m")
        #expect(Style(enabled: false).red("x") == "x")
    }
}
