import Foundation
import LessonpackModel
import Testing
@testable import LessonpackActivities

/// Each answer is kept as the engine knew it: a judgement, or a choice by its index among the options as the module
/// writes them, whatever order the attempt showed them in, or typed text with its word-by-word comparison. xAPI
/// reads these, never the answer's words.
@Suite struct ResponseTests {
    @Test func aMarkedStatementIsAJudgement() {
        var task = dealt(VideoTaskEngine.self)
        task.run(.mark(statement: "s01", state: .correct), .mark(statement: "s02", state: .incorrect))
        let items = task.result(at: start).items
        #expect(items.first { $0.id == "s01" }?.response == .judgement(true))
        #expect(items.first { $0.id == "s02" }?.response == .judgement(false))
        #expect(items.first { $0.id == "s03" }?.response == nil)
    }

    @Test func aQuestionsChoiceIsItsIndexInTheModule() throws {
        for seed in UInt64(0)..<6 {
            var questions = dealt(QuestionsEngine.self, seed: seed)
            let shown = try #require(questions.presented.first)
            questions.run(.answer(question: shown.question.id, letter: 1))
            let item = try #require(questions.result(at: start).items.first { $0.id == shown.question.id })
            guard case .choice(let index)? = item.response else {
                Issue.record("seed \(seed): \(String(describing: item.response))")
                continue
            }
            #expect(shown.question.answers[index].text == item.answer)
        }
    }

    @Test func aTestChoiceIsItsIndexInTheModuleAndAStatementAJudgement() throws {
        var test = dealt(TestEngine.self, seed: 4)
        let choice = try #require(test.drawn.first { if case .multipleChoice = $0.item.kind { true } else { false } })
        let statement = try #require(test.drawn.first { if case .statement = $0.item.kind { true } else { false } })
        test.run(.answer(item: choice.item.id, answer: .choice(index: 2)),
                 .answer(item: statement.item.id, answer: .incorrect))
        let items = test.result(at: start).items
        guard case .multipleChoice(let choices, _) = choice.item.kind,
              case .choice(let index)? = items.first(where: { $0.id == choice.item.id })?.response else {
            Issue.record("no choice response")
            return
        }
        #expect(choices[index] == choice.options[2])
        #expect(items.first { $0.id == statement.item.id }?.response == .judgement(false))
    }

    /// A typed answer stored before its comparison was kept still reads, with no comparison.
    @Test func aTypedAnswerStoredWithoutItsComparisonStillReads() throws {
        let stored = Data(#"{"text":{"_0":"thank you"}}"#.utf8)
        #expect(try JSONDecoder().decode(ItemOutcome.Response.self, from: stored) == .text("thank you", diff: nil))
    }
}
