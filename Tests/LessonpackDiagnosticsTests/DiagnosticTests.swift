import LessonpackCore
import Testing
@testable import LessonpackDiagnostics

@Suite struct DidYouMeanTests {
    @Test(arguments: [
        ("titel", "title"), ("speakr", "speaker"), ("colour", "colour"), ("Speaker", "speaker"),
        ("strng", "string"), ("duraton", "duration"),
    ])
    func typosFindTheirWord(typed: String, meant: String) {
        let words = ["title", "speaker", "string", "duration", "colour", "id"]
        if typed == meant {
            #expect(DidYouMean.suggestion(for: typed, among: words) == nil)
        } else {
            #expect(DidYouMean.suggestion(for: typed, among: words) == meant)
        }
    }

    @Test func farWordsSuggestNothing() {
        #expect(DidYouMean.suggestion(for: "x", among: ["id", "title"]) == nil)
        #expect(DidYouMean.suggestion(for: "background", among: ["speakers", "video"]) == nil)
        #expect(DidYouMean.hint(for: "zzz", among: ["title"]) == "")
    }

    @Test func transpositionsCountAsOneEdit() {
        #expect(EditDistance.between(Array("tilte"), Array("title")) == 1)
        #expect(EditDistance.between(Array(""), Array("abc")) == 3)
        #expect(EditDistance.between(Array("kitten"), Array("sitting")) == 3)
    }
}

@Suite struct DiagnosticListTests {
    let a = SourceLocation(file: "a.plist", line: 3, column: 1)
    let b = SourceLocation(file: "b.plist", line: 1, column: 1)

    @Test func sortedByFileThenPositionThenSeverity() {
        let list: [Diagnostic] = [
            .warning("w", "later", at: b),
            .warning("w", "same place, warning", at: a),
            .error("e", "same place, error", at: a),
            .error("e", "whole file", at: SourceLocation(file: "a.plist")),
        ]
        #expect(list.sortedForDisplay().map(\.message) == ["whole file", "same place, error", "same place, warning", "later"])
    }

    @Test func werrorPromotesWarningsOnly() {
        let list: [Diagnostic] = [.warning("w", "x", at: a), .error("e", "y", at: a)]
        let promoted = list.promotingWarningsToErrors()
        #expect(promoted.errorCount == 2)
        #expect(promoted.warningCount == 0)
        #expect(list.warningCount == 1)
    }

    @Test func locationsPrintAsCompilersDo() {
        #expect(a.description == "a.plist:3:1")
        #expect(SourceLocation(file: "x").description == "x")
    }
}

@Suite struct DidYouMeanTieBreaks {
    @Test func aSwapBeatsAnEquallyCloseSubstitution() {
        #expect(DidYouMean.suggestion(for: "l61", among: ["l01", "l06", "l16"]) == "l16")
    }
}
