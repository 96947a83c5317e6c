/// Activity 4, the audio game: one tile per transcript line, in its speaker's colour, to put in order. Easy starts
/// with half the lines already in place, medium a quarter, hard none; the rest wait in a shuffled tray. A tile
/// dropped in the wrong slot springs back and counts as a mistake. Every game is an attempt of its own, dealt
/// unlike the one before, and no game starts solved.
package struct AudioGameEngine: ActivityEngine {
    package enum Difficulty: String, CaseIterable, Sendable, Storable {
        case easy, medium, hard

        /// The share of lines placed before the game starts.
        package var placedShare: Double {
            switch self {
            case .easy: 0.5
            case .medium: 0.25
            case .hard: 0
            }
        }
    }

    package typealias Options = Difficulty
    package static let defaultOptions = Difficulty.medium

    /// A game as dealt: the lines already in place, and the tray in its shuffled order.
    package struct Setup: Storable, Sendable, Equatable {
        package var difficulty: Difficulty
        /// Each slot's tile id, or nil while empty.
        package var slots: [String?]
        package var tray: [String]

        package init(difficulty: Difficulty, slots: [String?], tray: [String]) {
            self.difficulty = difficulty
            self.slots = slots
            self.tray = tray
        }
    }

    package enum Action: Storable, Sendable, Equatable {
        /// Drops a tile from the tray into a slot: placed if it is the right one, sprung back (a mistake) if not.
        case place(tile: String, slot: Int)
        /// Plays a tile's line.
        case hear(tile: String)
        /// The learner came back to a game under way (opened it again, or started the player again): the time
        /// since their last move was spent away, and the game's clock does not count it.
        case returned
    }

    package struct Tile: Sendable, Equatable {
        /// The transcript line's id.
        package var id: String
        package var speaker: Speaker?
        package var text: String
        package var audio: String
    }

    package enum Placement: Sendable, Equatable {
        case placed
        /// Wrong slot: the tile goes back to the tray.
        case rejected
        /// Not a move: no such tile in the tray, or the slot is taken.
        case ignored
    }

    package static let kind = ActivityKind.audioGame
    package static let isScored = true

    package static func parts(of setup: Setup, in module: Module) -> [ModulePart] {
        module.transcript.flatMap { [ModulePart.line($0.id), ModulePart.speaker($0.speaker)] }
    }

    /// How many lines a game at `difficulty` starts with in place: never all of them.
    package static func preplacedCount(_ difficulty: Difficulty, tiles: Int) -> Int {
        min(Int(Double(tiles) * difficulty.placedShare), max(0, tiles - 1))
    }

    package static func deal(for module: Module, random: inout SeededRandom, previous: Setup?, options: Difficulty) -> Setup {
        let game = Deals.audioGame(tiles: module.transcript.map { $0.id },
                                   preplaced: preplacedCount(options, tiles: module.transcript.count),
                                   previous: previous.map { Deals.Game(slots: $0.slots, tray: $0.tray) }, random: &random)
        return Setup(difficulty: options, slots: game.slots, tray: game.tray)
    }

    package let setup: Setup
    /// The tiles in their right order: slot `i` takes `tiles[i]`.
    package let tiles: [Tile]
    package let startedAt: Date
    package private(set) var slots: [String?]
    /// The tiles still to place, in the order the tray shows them.
    package private(set) var tray: [String]
    package private(set) var moves = 0
    package private(set) var mistakes = 0
    package private(set) var completedAt: Date?
    /// The tile that just sprang back, for the front end to show.
    package private(set) var lastPlacement: Placement?
    /// The tiles the learner has listened to.
    package private(set) var heard: Set<String> = []
    /// Seconds played in the stretches before the learner last came back.
    private var earlierStretches: Double = 0
    /// When the stretch of play under way began, and the last thing done in it.
    private var stretchStart: Date
    private var lastActionAt: Date

    package init(module: Module, setup: Setup, startedAt: Date) {
        let speakers = Dictionary(firstOf: module.speakers.map { ($0.id, $0) })
        tiles = module.transcript.map { Tile(id: $0.id, speaker: speakers[$0.speaker], text: $0.text, audio: $0.audio) }
        self.setup = setup
        self.startedAt = startedAt
        stretchStart = startedAt
        lastActionAt = startedAt
        // A setup from another version of the module must fit this one's tiles; if it does not, nothing is placed.
        slots = setup.slots.count == tiles.count ? setup.slots : Array(repeating: nil, count: tiles.count)
        tray = setup.tray
    }

    package var difficulty: Difficulty { setup.difficulty }

    package mutating func apply(_ action: Action, at now: Date) -> [Effect] {
        guard case .returned = action else {
            if completedAt == nil { lastActionAt = max(lastActionAt, now) }
            return applyMove(action, at: now)
        }
        guard completedAt == nil else { return [] }
        earlierStretches += max(0, lastActionAt.timeIntervalSince(stretchStart))
        stretchStart = max(lastActionAt, now)
        lastActionAt = stretchStart
        return []
    }

    /// The seconds spent in the game up to `now` (or until it was solved): time away does not count.
    package func playedSeconds(at now: Date) -> Double {
        earlierStretches + max(0, (completedAt ?? now).timeIntervalSince(stretchStart))
    }

    private mutating func applyMove(_ action: Action, at now: Date) -> [Effect] {
        switch action {
        case .returned: return []
        case .place(let tileID, let slot):
            lastPlacement = place(tileID, in: slot)
            if isSolved, completedAt == nil { completedAt = now }
            return []
        case .hear(let tileID):
            guard let tile = tiles.first(where: { $0.id == tileID }) else { return [] }
            heard.insert(tileID)
            return [.play(media: tile.audio)]
        }
    }

    private mutating func place(_ tileID: String, in slot: Int) -> Placement {
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

    package var isSolved: Bool { !tiles.isEmpty && zip(slots, tiles).allSatisfy { $0 == $1.id } }
    package var isFinished: Bool { completedAt != nil }

    package func tile(_ id: String) -> Tile? { tiles.first { $0.id == id } }

    package func result(at now: Date) -> ActivityResult {
        let preplaced = setup.slots.compactMap { $0 }.count
        let placedByLearner = tiles.count - preplaced
        let placed = slots.compactMap { $0 }.count - preplaced
        return ActivityResult(
            activity: .audioGame, startedAt: startedAt, finishedAt: completedAt ?? now,
            score: Score(correct: max(0, placed - mistakes), total: placedByLearner),
            details: .audioGame(difficulty: difficulty, moves: moves, mistakes: mistakes, solved: isSolved,
                                tiles: placedByLearner))
    }
}

/// The name its rows are stored under (kept as it was when the action was first stored).
extension AudioGameEngine.Action: StoredAction {
    package var storedName: String {
        switch self {
        case .place: "place"
        case .hear: "hear"
        case .returned: "returned"
        }
    }
}
