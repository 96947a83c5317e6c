import Foundation
import LessonpackModel
import LessonpackTestSupport
import Testing
@testable import LessonpackActivities

@Suite struct AudioGameEngineTests {
    func game(_ difficulty: AudioGameEngine.Difficulty, seed: UInt64, previous: AudioGameEngine.Setup? = nil) -> AudioGameEngine {
        dealt(AudioGameEngine.self, seed: seed, previous: previous, options: difficulty)
    }

    @Test func difficultyDecidesHowManyLinesStartInPlace() {
        for (difficulty, placed) in [(AudioGameEngine.Difficulty.easy, 10), (.medium, 5), (.hard, 0)] {
            let game = game(difficulty, seed: 1)
            #expect(game.slots.compactMap { $0 }.count == placed)
            #expect(game.tray.count == 21 - placed)
            // Pre-placed lines are in their right slots.
            for (index, slot) in game.slots.enumerated() where slot != nil { #expect(slot == game.tiles[index].id) }
        }
    }

    @Test func tilesCarryTheirSpeaker() {
        let game = game(.hard, seed: 1)
        #expect(game.tiles[0].speaker?.colour == "#1F77B4")
        #expect(game.tiles[1].speaker?.name == "David Moore")
    }

    @Test func aWrongDropSpringsBackAndCounts() {
        var game = game(.hard, seed: 2)
        let tile = game.tray[0]
        let right = game.tiles.firstIndex { $0.id == tile }!
        game.run(.place(tile: tile, slot: (right + 1) % 21))
        #expect(game.lastPlacement == .rejected)
        #expect(game.tray.contains(tile))
        #expect(game.mistakes == 1 && game.moves == 1)
        game.run(.place(tile: tile, slot: right))
        #expect(game.lastPlacement == .placed)
        #expect(!game.tray.contains(tile))
        game.run(.place(tile: tile, slot: right))
        #expect(game.lastPlacement == .ignored)
        #expect(game.moves == 2)
    }

    @Test func theGameIsCompleteWhenEverySlotIsRight() {
        var game = game(.medium, seed: 3)
        #expect(!game.isSolved)
        while let tile = game.tray.first {
            game.run(.place(tile: tile, slot: game.tiles.firstIndex { $0.id == tile }!), at: later(42))
        }
        #expect(game.isFinished)
        let result = game.result(at: later(50))
        #expect(result.duration == 42)
        #expect(result.details == .audioGame(difficulty: .medium, moves: 16, mistakes: 0, solved: true, tiles: 16))
        #expect(result.score == Score(correct: 16, total: 16))
    }

    @Test func everyGameIsANewArrangementAndNoneStartsSolved() {
        var previous: AudioGameEngine.Setup?
        var seen: Set<[String]> = []
        for seed in 0..<200 {
            // Two games in a row from the same seed: only the last setup keeps them apart.
            let game = game(.easy, seed: UInt64(seed / 2), previous: previous)
            #expect(!game.isSolved)
            let ordered = game.tiles.map(\.id).filter(game.tray.contains)
            #expect(game.tray != ordered)
            if let previous { #expect(previous != game.setup) }
            seen.insert(game.slots.map { $0 ?? "-" } + game.tray)
            previous = game.setup
        }
        #expect(seen.count == 200)
    }

    @Test func aSeedReplaysTheGame() {
        #expect(game(.easy, seed: 99).setup == game(.easy, seed: 99).setup)
    }

    @Test func hearingATilePlaysItsLine() {
        var game = game(.hard, seed: 5)
        let tile = game.tray[0]
        let effects = game.apply(.hear(tile: tile), at: start)
        #expect(effects == [.play(media: game.tile(tile)!.audio)])
        #expect(game.heard == [tile])
    }

    /// Over many seeds, every line lands in every tray position, and is pre-placed, at uniform rates.
    @Test func shufflesAreUniform() {
        let count = sample.transcript.count
        var positions = [[Int]](repeating: [Int](repeating: 0, count: count), count: count)
        var preplaced = [Int](repeating: 0, count: count)
        for seed in 0..<4200 {
            let hard = game(.hard, seed: UInt64(seed))
            for (position, id) in hard.tray.enumerated() {
                positions[hard.tiles.firstIndex { $0.id == id }!][position] += 1
            }
            let easy = game(.easy, seed: UInt64(seed) + 1_000_000)
            for (index, slot) in easy.slots.enumerated() where slot != nil { preplaced[index] += 1 }
        }
        for (line, row) in positions.enumerated() {
            #expect(row.allSatisfy { $0 > 0 }, "line \(line) never reached some position")
            #expect(Statistics.looksUniform(row), "line \(line): \(row)")
        }
        #expect(Statistics.looksUniform(preplaced), "\(preplaced)")
    }
}
