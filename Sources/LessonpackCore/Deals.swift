/// How each activity that deals deals a new attempt, over the things dealt and nothing else: the engines call these
/// with their items' ids, the WebAssembly core with indices. One implementation, so a seed deals the same attempt in
/// the terminal and in the browser (the conformance test compares the two builds byte for byte).
///
/// Every function draws from `random` in a fixed order; changing that order changes every deal ever replayed, so
/// it is part of the contract, not an implementation detail.
package enum Deals {
    /// The test's draw: items the last attempt did not show come first (a random selection of them if there are
    /// more than needed), then the rest at random, all in a random order that is not the last attempt's.
    package static func testDraw<Item: Hashable>(from bank: [Item], count: Int, lastDrawn: [Item],
                                                 random: inout SeededRandom) -> [Item] {
        let wanted = min(max(count, 0), bank.count)
        let last = Set(lastDrawn)
        let unseen = bank.filter { !last.contains($0) }
        let seen = bank.filter { last.contains($0) }
        var chosen = random.sample(unseen, count: wanted)
        chosen += random.sample(seen, count: wanted - chosen.count)
        var order = random.shuffled(chosen)
        if order.count > 1 {
            while order == lastDrawn { order = random.shuffled(chosen) }
        }
        return order
    }

    /// One question's answers in the order shown (`order[i]` is the answer shown as letter i): never the last
    /// attempt's order while another exists.
    package static func answerOrder(count: Int, last: [Int]?, random: inout SeededRandom) -> [Int] {
        let identity = Array(0..<max(count, 0))
        var order = random.shuffled(identity)
        if identity.count > 1, let last, last.count == identity.count {
            while order == last { order = random.shuffled(identity) }
        }
        return order
    }

    /// An audio game as dealt: each slot's tile or nil, and the tray.
    package struct Game<Tile: Equatable>: Equatable {
        package var slots: [Tile?]
        package var tray: [Tile]

        package init(slots: [Tile?], tray: [Tile]) {
            self.slots = slots
            self.tray = tray
        }
    }

    /// An audio game: `preplaced` tiles in their slots, the rest in a tray never in transcript order, and the whole
    /// deal unlike `previous` (tried a hundred times; a game of two tiles has few deals).
    package static func audioGame<Tile: Equatable>(tiles: [Tile], preplaced: Int, previous: Game<Tile>?,
                                                  random: inout SeededRandom) -> Game<Tile> {
        var candidate = Game<Tile>(slots: [], tray: [])
        for _ in 0..<100 {
            let placed = Set(random.sample(Array(tiles.indices), count: preplaced))
            let slots: [Tile?] = tiles.indices.map { placed.contains($0) ? tiles[$0] : nil }
            let remaining = tiles.indices.filter { !placed.contains($0) }.map { tiles[$0] }
            var tray = random.shuffled(remaining)
            // A tray already in transcript order would make the game a matter of dropping tiles one after another.
            if tray.count > 1 {
                while tray == remaining { tray = random.shuffled(remaining) }
            }
            candidate = Game(slots: slots, tray: tray)
            if let previous, previous == candidate { continue }
            break
        }
        return candidate
    }
}
