import Foundation
import LessonpackModel
import Testing
@testable import LessonpackActivities
@testable import LessonpackCore

@Suite struct VocabularyEngineTests {
    @Test func termsAreMarkedInTheText() {
        let vocabulary = dealt(VocabularyEngine.self)
        let third = vocabulary.lines[2]
        #expect(third.spans.map(\.text).joined() == third.line.text)
        #expect(third.spans.compactMap(\.term) == ["front office manager", "have a seat"])
        // "Nice to meet you" is matched in spite of its capital N.
        #expect(vocabulary.lines[1].spans.first { $0.term != nil }?.text == "Nice to meet you")
        #expect(vocabulary.termPositions.count == 18)
    }

    @Test func openingTermsIsRecorded() {
        var vocabulary = dealt(VocabularyEngine.self)
        #expect(vocabulary.term(at: vocabulary.termPositions[0]) == "nice to meet you")
        #expect(vocabulary.definition(of: "Working Hours")?.term == "working hours")
        vocabulary.run(.open(term: "front office manager"), .open(term: "nice to meet you"), .open(term: "no such term"))
        let result = vocabulary.result(at: later(60))
        #expect(result.items.map(\.id) == ["front office manager", "nice to meet you"])
        #expect(result.details == .vocabulary(terms: 18, opened: 2))
        #expect(vocabulary.apply(.hear(line: "l03"), at: start) == [.play(media: sample.transcript[2].audio)])
    }

    @Test func overlappingTermsDoNotDoubleMark() {
        let spans = VocabularyEngine.spans(of: "Nice to meet you today", terms: ["meet you", "nice to meet you", "today"])
        #expect(spans.map(\.text) == ["Nice to meet you", " ", "today"])
        #expect(VocabularyEngine.spans(of: "It\u{2019}s fine", terms: ["it's fine"]).first?.term == "it's fine")
    }
}
