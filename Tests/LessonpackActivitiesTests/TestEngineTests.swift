import Foundation
import LessonpackModel
import LessonpackRuntime
import LessonpackTestSupport
import Testing
@testable import LessonpackActivities

@Suite struct TestEngineTests {
    @Test func anAttemptDrawsTheModulesCountWithoutReplacement() {
        let test = TestEngine(module: sample, history: nil, random: SeededRandom(seed: 1), at: start)
        #expect(test.drawn.count == 20)
        #expect(Set(test.drawn.map(\.item.id)).count == 20)
    }

    @Test func twoAttemptsCoverTheWholeBank() {
        for seed in 0..<50 {
            let first = TestEngine(module: sample, history: nil, random: SeededRandom(seed: UInt64(seed)), at: start)
            let second = TestEngine(module: sample, history: first.history, random: SeededRandom(seed: UInt64(seed) + 500), at: start)
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
        #expect(TestEngine(module: module, history: nil, random: SeededRandom(seed: 1), at: start).drawn.count == 7)
        module.test.items = Array(module.test.items.prefix(5))
        #expect(TestEngine(module: module, history: nil, random: SeededRandom(seed: 1), at: start).drawn.count == 5)
    }

    @Test func everyItemIsDrawnAtTheSameRate() {
        var counts: [String: Int] = [:]
        var firstPlace: [String: Int] = [:]
        for seed in 0..<3000 {
            let test = TestEngine(module: sample, history: nil, random: SeededRandom(seed: UInt64(seed)), at: start)
            for shown in test.drawn { counts[shown.item.id, default: 0] += 1 }
            firstPlace[test.drawn[0].item.id, default: 0] += 1
        }
        let ids = sample.test.items.map(\.id)
        #expect(ids.allSatisfy { (counts[$0] ?? 0) > 0 })
        #expect(Statistics.looksUniform(ids.map { counts[$0] ?? 0 }), "\(counts)")
        #expect(Statistics.looksUniform(ids.map { firstPlace[$0] ?? 0 }), "\(firstPlace)")
    }

    @Test func answersScoresAndObjectives() throws {
        var test = TestEngine(module: sample, history: nil, random: SeededRandom(seed: 12), at: start)
        var expectedCorrect = 0
        for (index, shown) in test.drawn.enumerated() where index < 16 {
            let answerRightly = index % 4 != 0
            switch shown.item.kind {
            case .statement(let isCorrect):
                test.cycle(shown.item.id)                       // empty → correct
                if isCorrect != answerRightly { test.cycle(shown.item.id) }  // → incorrect
            case .multipleChoice(_, let answer):
                let right = try #require(shown.options.firstIndex(of: answer))
                test.choose(shown.item.id, option: answerRightly ? right : (right + 1) % shown.options.count)
            }
            if answerRightly { expectedCorrect += 1 }
        }
        let result = test.finish(at: later(300))
        #expect(result.details == ["correct": "\(expectedCorrect)", "incorrect": "\(16 - expectedCorrect)", "unanswered": "4"])
        #expect(result.score == Score(correct: expectedCorrect, total: 20))
        #expect(result.duration == 300)
        #expect(result.objectives.map(\.objective) == ["greet", "background", "closing"].filter { id in
            test.drawn.contains { $0.item.objective == id }
        })
        #expect(result.objectives.reduce(0) { $0 + $1.total } == 20)
        #expect(result.objectives.reduce(0) { $0 + $1.correct } == expectedCorrect)
        let wrong = try #require(result.items.first { $0.outcome == .incorrect })
        #expect(wrong.note != nil && wrong.expected != nil)
        // Finished is finished.
        test.cycle(test.drawn[19].item.id)
        #expect(test.answer(test.drawn[19].item.id) == nil)
    }

    @Test func statementBoxesCycleBackToEmpty() {
        var test = TestEngine(module: sample, history: nil, random: SeededRandom(seed: 2), at: start)
        let statement = test.drawn.first { if case .statement = $0.item.kind { true } else { false } }!.item.id
        test.cycle(statement)
        #expect(test.answer(statement) == .tri(.correct))
        test.cycle(statement)
        #expect(test.answer(statement) == .tri(.incorrect))
        test.cycle(statement)
        #expect(test.answer(statement) == nil)
    }

    @Test func multipleChoiceOptionsAreShuffledButKeepTheAnswer() {
        var orders: Set<[String]> = []
        for seed in 0..<30 {
            let test = TestEngine(module: sample, history: nil, random: SeededRandom(seed: UInt64(seed)), at: start)
            if let shown = test.drawn.first(where: { $0.item.id == "t01" }) {
                #expect(Set(shown.options) == ["Nice to meet you too.", "Yes, I meet you.", "You're welcome."])
                orders.insert(shown.options)
            }
        }
        #expect(orders.count > 1)
    }
}
