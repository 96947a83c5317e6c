import Foundation

import Testing
import LessonpackTestSupport
@testable import LessonpackCore

@Suite struct SeededRandomTests {
    @Test func aSeedReplaysTheSameSequence() {
        var a = SeededRandom(seed: 42)
        var b = SeededRandom(seed: 42)
        var c = SeededRandom(seed: 43)
        let first = (0..<10).map { _ in a.next() }
        #expect(first == (0..<10).map { _ in b.next() })
        #expect(first != (0..<10).map { _ in c.next() })
    }

    @Test func theSequenceIsPinned() {
        // The exact numbers are part of the contract: a seed must replay a session on any build.
        var random = SeededRandom(seed: 1)
        #expect(random.below(1000) == SeededRandom(seed: 1).copyBelow(1000))
        var pinned = SeededRandom(seed: 0)
        let drawn: [Int] = [pinned.below(100), pinned.below(100), pinned.below(100)]
        #expect(drawn == [Pinned.first, Pinned.second, Pinned.third])
    }

    @Test func boundedNumbersAreUniform() {
        var random = SeededRandom(seed: 7)
        var counts = [Int](repeating: 0, count: 7)
        for _ in 0..<70_000 { counts[random.below(7)] += 1 }
        #expect(Statistics.looksUniform(counts))
    }

    @Test func shufflesArePermutationsAndUniform() {
        var random = SeededRandom(seed: 3)
        var positions = [[Int]](repeating: [Int](repeating: 0, count: 5), count: 5)
        for _ in 0..<20_000 {
            let order = random.shuffled(Array(0..<5))
            #expect(order.sorted() == Array(0..<5))
            for (position, item) in order.enumerated() { positions[item][position] += 1 }
        }
        for row in positions { #expect(Statistics.looksUniform(row)) }
        #expect(random.sample(Array(0..<10), count: 4).count == 4)
    }

    @Test func stateSurvivesSavingAndLoading() throws {
        var random = SeededRandom(seed: 9)
        _ = random.next()
        let saved = try JSONEncoder().encode(random)
        var restored = try JSONDecoder().decode(SeededRandom.self, from: saved)
        #expect(restored.next() == random.next())
    }
}

enum Pinned {
    // From an independent implementation of SplitMix64 seeding, xoshiro256** and Lemire's bounded integers:
    // a change here means old seeds no longer replay.
    static let first = 60
    static let second = 74
    static let third = 10
}

extension SeededRandom {
    func copyBelow(_ bound: Int) -> Int {
        var copy = self
        return copy.below(bound)
    }
}

/// An attempt's seed depends on the session's seed, the activity and the attempt's number, and on nothing else.
@Suite struct AttemptSeedTests {
    @Test func eachPartOfTheKeyChangesTheSeed() {
        let base = AttemptSeed.derive(session: 1, activity: "test", attempt: 1)
        #expect(base == AttemptSeed.derive(session: 1, activity: "test", attempt: 1))
        #expect(base != AttemptSeed.derive(session: 2, activity: "test", attempt: 1))
        #expect(base != AttemptSeed.derive(session: 1, activity: "questions", attempt: 1))
        #expect(base != AttemptSeed.derive(session: 1, activity: "test", attempt: 2))
    }

    @Test func seedsAreSpreadOut() {
        var seen = Set<UInt64>()
        for session in 0..<20 { for attempt in 1...50 { seen.insert(AttemptSeed.derive(session: UInt64(session), activity: "test", attempt: attempt)) } }
        #expect(seen.count == 1000)
    }
}
