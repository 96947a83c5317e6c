import Foundation
import LessonpackActivities
import Testing
@testable import LessonpackXAPI

/// A typed answer's score is the words right of the line's words: how near a wrong line came.
@Suite struct TypedAnswerScores {
    @Test func aTypedLineScoresItsWordsRight() throws {
        let diff = WordDiff.compare(expected: "Thank you, David.", typed: "thank you")
        let interaction = Interactions.interaction(
            AnswerForm(question: .fillIn(expected: "Thank you, David."), response: .text("thank you", diff: diff)),
            prompt: "Thank you, David.")
        let score = try #require(interaction.score)
        #expect(score.raw == 2 && score.min == 0 && score.max == 3)
        #expect(interaction.response == "thank you")
    }

    /// xAPI wants a score's max above its min: a line with no words to write has no score, and an answer stored
    /// before comparisons were kept has none either.
    @Test func noWordsOrNoComparisonGiveNoScore() {
        let empty = WordDiff.compare(expected: "…", typed: "…")
        #expect(empty.total == 0)
        for response: ItemOutcome.Response in [.text("…", diff: empty), .text("thank you", diff: nil)] {
            let interaction = Interactions.interaction(AnswerForm(question: .fillIn(expected: "…"), response: response),
                                                       prompt: "…")
            #expect(interaction.score == nil)
        }
    }
}
