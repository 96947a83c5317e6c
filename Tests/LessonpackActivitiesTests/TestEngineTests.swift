import Foundation
import LessonpackModel
import LessonpackCore
import LessonpackTestSupport
import Testing
@testable import LessonpackActivities

@Suite struct TestEngineTests {
    @Test func anAttemptDrawsTheModulesCountWithoutReplacement() {
        let test = dealt(TestEngine.self, seed: 1)
        #expect(test.drawn.count == 20)
        #expect(Set(test.drawn.map(\.item.id)).count == 20)
    }

    @Test func twoAttemptsCoverTheWholeBank() {
        for seed in 0..<50 {
            let first = dealt(TestEngine.self, seed: UInt64(seed))
            let second = dealt(TestEngine.self, seed: UInt64(seed) + 500, previous: first.setup)
            #expect(Set(first.drawn.map(\.item.id)).union(second.drawn.map(\.item.id)).count == 30)
            #expect(first.drawn.map(\.item.id) != second.drawn.map(\.item.id))
        }
    }

    @Test func aDrawNeverRepeatsTheLastOneEvenWhenTheBankIsNoBigger() {
        var module = sample
        module.test.draw = 30
        var random = SeededRandom(seed: 8)
        var last: [String] = []
        for _ in 0..<50 {
            let draw = TestEngine.draw(from: module.test.items, count: 30, lastDrawn: last, random: &random).map(\.id)
            #expect(draw != last && Set(draw).count == 30)
            last = draw
        }
    }

    @Test func theCountComesFromTheModule() {
        var module = sample
        module.test.draw = 7
        #expect(dealt(TestEngine.self, module: module).drawn.count == 7)
        module.test.items = Array(module.test.items.prefix(5))
        #expect(dealt(TestEngine.self, module: module).drawn.count == 5)
    }

    @Test func everyItemIsDrawnAtTheSameRate() {
        var counts: [String: Int] = [:]
        var firstPlace: [String: Int] = [:]
        for seed in 0..<3000 {
            let test = dealt(TestEngine.self, seed: UInt64(seed))
            for shown in test.drawn { counts[shown.item.id, default: 0] += 1 }
            firstPlace[test.drawn[0].item.id, default: 0] += 1
        }
        let ids = sample.test.items.map(\.id)
        #expect(ids.allSatisfy { (counts[$0] ?? 0) > 0 })
        #expect(Statistics.looksUniform(ids.map { counts[$0] ?? 0 }), "\(counts)")
        #expect(Statistics.looksUniform(ids.map { firstPlace[$0] ?? 0 }), "\(firstPlace)")
    }

    @Test func answersScoresAndObjectives() throws {
        var test = dealt(TestEngine.self, seed: 12)
        var expectedCorrect = 0
        for (index, shown) in test.drawn.enumerated() where index < 16 {
            let answerRightly = index % 4 != 0
            switch shown.item.kind {
            case .statement(let isCorrect):
                test.run(.answer(item: shown.item.id, answer: isCorrect == answerRightly ? .correct : .incorrect))
            case .multipleChoice(_, let answer):
                let right = try #require(shown.options.firstIndex(of: answer))
                test.run(.answer(item: shown.item.id, answer: .choice(index: answerRightly ? right : (right + 1) % shown.options.count)))
            }
            if answerRightly { expectedCorrect += 1 }
        }
        test.run(.finish, at: later(300))
        let result = test.result(at: later(400))
        #expect(result.details == .test(correct: expectedCorrect, incorrect: 16 - expectedCorrect, unanswered: 4))
        #expect(result.score == Score(correct: expectedCorrect, total: 20))
        #expect(result.duration == 300)
        #expect(result.objectives.map(\.objective) == ["greet", "background", "closing"].filter { id in
            test.drawn.contains { $0.item.objective == id }
        })
        // Each objective's score carries its performance, as the module words it.
        #expect(result.objectives.first?.performance == sample.objectives.first?.performance)
        #expect(result.objectives.reduce(0) { $0 + $1.total } == 20)
        #expect(result.objectives.reduce(0) { $0 + $1.correct } == expectedCorrect)
        let wrong = try #require(result.items.first { $0.outcome == .incorrect })
        #expect(wrong.note != nil && wrong.expected != nil)
        // Finished is finished.
        test.run(.answer(item: test.drawn[19].item.id, answer: .correct))
        #expect(test.answer(test.drawn[19].item.id) == nil)
    }

    @Test func answersOfTheWrongKindAreNotTaken() {
        var test = dealt(TestEngine.self, seed: 2)
        let statement = test.drawn.first { if case .statement = $0.item.kind { true } else { false } }!.item.id
        let choice = test.drawn.first { !$0.options.isEmpty }!
        test.run(.answer(item: statement, answer: .choice(index: 0)), .answer(item: choice.item.id, answer: .correct),
                 .answer(item: choice.item.id, answer: .choice(index: choice.options.count)))
        #expect(test.answers.isEmpty)
        test.run(.answer(item: statement, answer: .incorrect), .answer(item: statement, answer: .cleared))
        #expect(test.answer(statement) == nil)
    }

    @Test func multipleChoiceOptionsAreShuffledButKeepTheAnswer() {
        var orders: Set<[String]> = []
        for seed in 0..<30 {
            let test = dealt(TestEngine.self, seed: UInt64(seed))
            if let shown = test.drawn.first(where: { $0.item.id == "t01" }) {
                #expect(Set(shown.options) == ["Nice to meet you too.", "Yes, I meet you.", "You're welcome."])
                orders.insert(shown.options)
            }
        }
        #expect(orders.count > 1)
    }

    @Test func aSetupFromAnotherVersionKeepsOnlyWhatStillFits() {
        var setup = dealt(TestEngine.self, seed: 3).setup
        setup.drawn.append("no-such-item")
        setup.options["t01"] = ["something else"]
        let test = TestEngine(module: sample, setup: setup, startedAt: start)
        #expect(test.drawn.count == 20)
        #expect(Set(test.drawn.first { $0.item.id == "t01" }?.options ?? []) == Set(
            sample.test.items.first { $0.id == "t01" }.map { item in
                if case .multipleChoice(let choices, _) = item.kind { choices } else { [] }
            } ?? []))
    }
}
