import Foundation
import LessonpackTestSupport
import Testing

// In ScreenGoldenTests' suite, so that it runs one terminal at a time with the others, and keeps its goldens beside
// theirs.
extension ScreenGoldenTests {
    /// The dictation, which the sample module does not list, in a copy of it that does: its help and its screen, at
    /// 60×20 and in ASCII.
    @Test func theDictationScreenAtSixtyByTwentyAndInASCII() throws {
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.sampleModule, as: "module")
        try FixtureEdits("""
            replace module.plist
            \t\t<string>pronunciation</string>
            ---
            \t\t<string>pronunciation</string>
            \t\t<string>dictation</string>
            """).apply(to: module)
        let small = try walk(columns: 60, rows: 20, environment: [:], module: module) { $0.contains("Dictation") }
        #expect(small.count == 3, "the contents list no dictation: \(small.first?.screen ?? "")")
        Self.expectSixtyColumns(small)
        try compare(Array(small.dropFirst()), as: "dictation-60x20")
        let ascii = try walk(columns: 100, rows: 30, environment: ["LC_ALL": "C"], module: module) { $0.contains("Dictation") }
        Self.expectASCII(ascii)
        try compare(Array(ascii.dropFirst()), as: "dictation-ascii")
    }
}
