import Foundation
import Testing
@testable import LessonpackActivities

@Suite struct VocabularyEngineTests {
    @Test func termsAreMarkedInTheText() {
        let vocabulary = VocabularyEngine(module: sample, at: start)
        let third = vocabulary.lines[2]
        #expect(third.spans.map(\.text).joined() == third.line.text)
        #expect(third.spans.compactMap(\.term) == ["front office manager", "have a seat"])
        // "Nice to meet you" is matched in spite of its capital N.
        #expect(vocabulary.lines[1].spans.first { $0.term != nil }?.text == "Nice to meet you")
        #expect(vocabulary.termPositions.count == 18)
    }

    @Test func movingBetweenTermsAndOpeningThem() {
        var vocabulary = VocabularyEngine(module: sample, at: start)
        vocabulary.selectNext()
        #expect(vocabulary.selectedTerm == "nice to meet you")
        let definition = vocabulary.open()
        #expect(definition?.partOfSpeech == "expression")
        vocabulary.selectPrevious()
        #expect(vocabulary.selectedTerm == "be in touch")    // wraps to the last
        vocabulary.selectNext()
        vocabulary.selectNext()
        #expect(vocabulary.selectedTerm == "front office manager")
        #expect(vocabulary.definition(of: "Working Hours")?.term == "working hours")
        vocabulary.open()
        let result = vocabulary.result(at: later(60))
        #expect(result.items.map(\.id) == ["front office manager", "nice to meet you"])
    }

    @Test func overlappingTermsDoNotDoubleMark() {
        let spans = VocabularyEngine.spans(of: "Nice to meet you today", terms: ["meet you", "nice to meet you", "today"])
        #expect(spans.map(\.text) == ["Nice to meet you", " ", "today"])
        #expect(VocabularyEngine.spans(of: "It\u{2019}s fine", terms: ["it's fine"]).first?.term == "it's fine")
    }
}
