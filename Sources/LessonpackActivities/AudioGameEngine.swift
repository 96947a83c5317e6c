import Foundation
import LessonpackModel
import LessonpackRuntime

/// Activity 4, the audio game: one tile per transcript line, in its speaker's colour, to put in order. Easy starts
/// with half the lines already in place, medium a quarter, hard none; the rest wait in a shuffled tray. A tile
/// dropped in the wrong slot springs back and counts as a mistake. Every new game is a new arrangement, and no
/// game starts solved.
public struct AudioGameEngine: Sendable {
    public enum Difficulty: String, CaseIterable, Sendable, Codable {
        case easy, medium, hard

        /// The share of lines placed before the game starts.
        public var placedShare: Double {
            switch self {
            case .easy: 0.5
            case .medium: 0.25
            case .hard: 0
            }
        }
    }

    public struct Tile: Sendable, Equatable {
        /// The transcript line's id.
        public var id: String
        public var speaker: Speaker?
        public var text: String
        public var audio: String
    }

    public enum Placement: Sendable, Equatable {
        case placed
        /// Wrong slot: the tile goes back to the tray.
        case rejected
        /// Not a move: no such tile in the tray, or the slot is taken.
        case ignored
    }

    /// The tiles in their right order: slot `i` takes `tiles[i]`.
    public let tiles: [Tile]
    public private(set) var difficulty: Difficulty
    /// Each slot's tile id, or nil while empty.
    public private(set) var slots: [String?]
    /// The tiles still to place, in the order the tray shows them.
    public private(set) var tray: [String]
    public private(set) var moves = 0
    public private(set) var mistakes = 0
    public private(set) var startedAt: Date
    public private(set) var completedAt: Date?
    public private(set) var games = 0
    private var random: SeededRandom
    private var arrangement: [String?] = []

    /// `avoiding` is the arrangement of a game dealt by another engine (an earlier session): the first game here
    /// is different from it too.
    public init(module: Module, difficulty: Difficulty, random: SeededRandom, avoiding previous: [String?] = [],
                at now: Date) {
        let speakers = Dictionary(module.speakers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        tiles = module.transcript.map { Tile(id: $0.id, speaker: speakers[$0.speaker], text: $0.text, audio: $0.audio) }
        self.difficulty = difficulty
        self.random = random
        slots = []
        tray = []
        startedAt = now
        arrangement = previous
        newGame(difficulty: difficulty, at: now)
    }

    /// How this game was dealt (slots, then tray): what the next game must differ from.
    public var dealt: [String?] { arrangement }

    /// How many lines a game at `difficulty` starts with in place: never all of them.
    public func preplacedCount(_ difficulty: Difficulty) -> Int {
        min(Int(Double(tiles.count) * difficulty.placedShare), max(0, tiles.count - 1))
    }

    /// Deals a new arrangement, different from the last one whenever another is possible.
    public mutating func newGame(difficulty: Difficulty, at now: Date) {
        self.difficulty = difficulty
        let previous = arrangement
        var candidate: (slots: [String?], tray: [String]) = ([], [])
        for _ in 0..<100 {
            candidate = deal()
            if candidate.slots + candidate.tray.map(Optional.some) != previous { break }
        }
        slots = candidate.slots
        tray = candidate.tray
        arrangement = candidate.slots + candidate.tray.map(Optional.some)
        moves = 0
        mistakes = 0
        startedAt = now
        completedAt = nil
        games += 1
    }

    private mutating func deal() -> (slots: [String?], tray: [String]) {
        let placed = Set(random.sample(Array(tiles.indices), count: preplacedCount(difficulty)))
        let slots: [String?] = tiles.indices.map { placed.contains($0) ? tiles[$0].id : nil }
        let remaining = tiles.indices.filter { !placed.contains($0) }.map { tiles[$0].id }
        var tray = random.shuffled(remaining)
        // A tray already in transcript order would make the game a matter of dropping tiles one after another.
        if tray.count > 1 {
            while tray == remaining { tray = random.shuffled(remaining) }
        }
        return (slots, tray)
    }

    /// Drops a tile from the tray into a slot.
    public mutating func place(_ tileID: String, in slot: Int) -> Placement {
        guard completedAt == nil, let position = tray.firstIndex(of: tileID), slots.indices.contains(slot),
              slots[slot] == nil else { return .ignored }
        moves += 1
        guard tiles[slot].id == tileID else {
            mistakes += 1
            return .rejected
        }
        slots[slot] = tileID
        tray.remove(at: position)
        return .placed
    }

    /// Marks the game complete at `now` if every slot is right; returns whether it is.
    @discardableResult
    public mutating func completeIfSolved(at now: Date) -> Bool {
        guard isSolved else { return false }
        if completedAt == nil { completedAt = now }
        return true
    }

    public var isSolved: Bool { zip(slots, tiles).allSatisfy { $0 == $1.id } }

    public func result(at now: Date) -> ActivityResult {
        let placedByLearner = tiles.count - preplacedCount(difficulty)
        let placed = slots.enumerated().filter { $0.element != nil }.count - preplacedCount(difficulty)
        let finished = completedAt ?? now
        return ActivityResult(
            activity: .audioGame, startedAt: startedAt, finishedAt: finished,
            score: Score(correct: max(0, placed - mistakes), total: placedByLearner),
            details: ["difficulty": difficulty.rawValue, "moves": "\(moves)", "mistakes": "\(mistakes)",
                      "solved": isSolved ? "yes" : "no", "tiles": "\(placedByLearner)"])
    }
}
