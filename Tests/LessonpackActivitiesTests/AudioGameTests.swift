import Foundation
import LessonpackRuntime
import LessonpackTestSupport
import Testing
@testable import LessonpackActivities

@Suite struct AudioGameEngineTests {
    @Test func difficultyDecidesHowManyLinesStartInPlace() {
        for (difficulty, placed) in [(AudioGameEngine.Difficulty.easy, 10), (.medium, 5), (.hard, 0)] {
            let game = AudioGameEngine(module: sample, difficulty: difficulty, random: SeededRandom(seed: 1), at: start)
            #expect(game.slots.compactMap { $0 }.count == placed)
            #expect(game.tray.count == 21 - placed)
            // Pre-placed lines are in their right slots.
            for (index, slot) in game.slots.enumerated() where slot != nil { #expect(slot == game.tiles[index].id) }
        }
    }

    @Test func tilesCarryTheirSpeaker() {
        let game = AudioGameEngine(module: sample, difficulty: .hard, random: SeededRandom(seed: 1), at: start)
        #expect(game.tiles[0].speaker?.colour == "#1F77B4")
        #expect(game.tiles[1].speaker?.name == "David Moore")
    }

    @Test func aWrongDropSpringsBackAndCounts() {
        var game = AudioGameEngine(module: sample, difficulty: .hard, random: SeededRandom(seed: 2), at: start)
        let tile = game.tray[0]
        let right = game.tiles.firstIndex { $0.id == tile }!
        let wrongDrop = game.place(tile, in: (right + 1) % 21)
        #expect(wrongDrop == .rejected)
        #expect(game.tray.contains(tile))
        #expect(game.mistakes == 1 && game.moves == 1)
        let rightDrop = game.place(tile, in: right)
        #expect(rightDrop == .placed)
        #expect(!game.tray.contains(tile))
        let secondDrop = game.place(tile, in: right)
        #expect(secondDrop == .ignored)
        #expect(game.moves == 2)
    }

    @Test func theGameIsCompleteWhenEverySlotIsRight() {
        var game = AudioGameEngine(module: sample, difficulty: .medium, random: SeededRandom(seed: 3), at: start)
        #expect(!game.isSolved)
        while let tile = game.tray.first {
            game.place(tile, in: game.tiles.firstIndex { $0.id == tile }!)
        }
        let solved = game.completeIfSolved(at: later(42))
        #expect(solved)
        let result = game.result(at: later(50))
        #expect(result.duration == 42)
        #expect(result.details["moves"] == "16" && result.details["mistakes"] == "0")
        #expect(result.score == Score(correct: 16, total: 16))
    }

    @Test func everyGameIsANewArrangementAndNoneStartsSolved() {
        var game = AudioGameEngine(module: sample, difficulty: .easy, random: SeededRandom(seed: 4), at: start)
        var seen: Set<[String]> = []
        for _ in 0..<200 {
            let arrangement = game.slots.map { $0 ?? "-" } + game.tray
            #expect(!game.isSolved)
            let ordered = game.tiles.map(\.id).filter(game.tray.contains)
            #expect(game.tray != ordered)
            let previous = arrangement
            game.newGame(difficulty: .easy, at: start)
            #expect(game.slots.map { $0 ?? "-" } + game.tray != previous)
            seen.insert(arrangement)
        }
        #expect(seen.count == 200)
    }

    @Test func aSeedReplaysTheGame() {
        let a = AudioGameEngine(module: sample, difficulty: .easy, random: SeededRandom(seed: 99), at: start)
        let b = AudioGameEngine(module: sample, difficulty: .easy, random: SeededRandom(seed: 99), at: start)
        #expect(a.tray == b.tray && a.slots == b.slots)
    }

    /// Over many seeds, every line lands in every tray position, and is pre-placed, at uniform rates.
    @Test func shufflesAreUniform() {
        let count = sample.transcript.count
        var positions = [[Int]](repeating: [Int](repeating: 0, count: count), count: count)
        var preplaced = [Int](repeating: 0, count: count)
        for seed in 0..<4200 {
            let hard = AudioGameEngine(module: sample, difficulty: .hard, random: SeededRandom(seed: UInt64(seed)), at: start)
            for (position, id) in hard.tray.enumerated() {
                positions[hard.tiles.firstIndex { $0.id == id }!][position] += 1
            }
            let easy = AudioGameEngine(module: sample, difficulty: .easy, random: SeededRandom(seed: UInt64(seed) + 1_000_000), at: start)
            for (index, slot) in easy.slots.enumerated() where slot != nil { preplaced[index] += 1 }
        }
        for (line, row) in positions.enumerated() {
            #expect(row.allSatisfy { $0 > 0 }, "line \(line) never reached some position")
            #expect(Statistics.looksUniform(row), "line \(line): \(row)")
        }
        #expect(Statistics.looksUniform(preplaced), "\(preplaced)")
    }
}
