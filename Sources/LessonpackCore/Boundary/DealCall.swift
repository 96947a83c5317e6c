/// A deal asked for across the WebAssembly boundary: which activity, the attempt's seed, and integers read in order
/// (indices into the module's items, -1 for "none"). The answer is JSON the core writes. The web page and the
/// conformance test call this; the native engines call `Deals` directly with their items' ids.
package enum DealCall {
    package enum Kind: Int, CaseIterable {
        /// [bank count, draw count, last drawn count, last drawn…, each bank item's option count…]
        /// → {"drawn":[…],"options":[[…]…]}: options in the order shown, per drawn item ([] when not multiple choice).
        case test = 0
        /// [question count, then per question: answer count, last order's count or -1, last order…]
        /// → {"orders":[[…]…]}
        case questions = 1
        /// [tile count, preplaced, 1 and the last deal (each slot's tile or -1, tray count, tray…) or 0]
        /// → {"slots":[…],"tray":[…]}
        case audioGame = 2
    }

    /// The deal as JSON, or `{"error":…}` naming what was wrong with the request.
    package static func run(kind rawKind: Int, seed: UInt64, arguments: [Int]) -> String {
        var json = CoreJSON()
        var reader = IntegerReader(values: arguments)
        var random = SeededRandom(seed: seed)
        switch Kind(rawValue: rawKind) {
        case .test:
            guard let bank = reader.count(), let draw = reader.count(), let last = reader.indices(below: bank),
                  let optionCounts = reader.list(bank, { $0.count() }), reader.atEnd,
                  IntegerReader.withinLargest(optionCounts) else { return Self.malformed(&json) }
            let drawn = Deals.testDraw(from: Array(0..<bank), count: draw, lastDrawn: last, random: &random)
            let options = drawn.map { random.shuffled(Array(0..<optionCounts[$0])) }
            json.object { json in
                json.key("drawn")
                json.array(drawn)
                json.key("options")
                json.array(options.count) { json, index in json.array(options[index]) }
            }
        case .questions:
            guard let questions = reader.list(nil, { reader -> (Int, [Int]?)? in
                guard let count = reader.count(), let last = reader.optionalIndices(below: count) else { return nil }
                return (count, last)
            }), reader.atEnd, IntegerReader.withinLargest(questions.map { $0.0 }) else { return Self.malformed(&json) }
            let orders = questions.map { Deals.answerOrder(count: $0.0, last: $0.1, random: &random) }
            json.object { json in
                json.key("orders")
                json.array(orders.count) { json, index in json.array(orders[index]) }
            }
        case .audioGame:
            guard let tiles = reader.count(), let preplaced = reader.count(), let hasPrevious = reader.next(),
                  hasPrevious == 0 || hasPrevious == 1 else { return Self.malformed(&json) }
            var previous: Deals.Game<Int>?
            if hasPrevious == 1 {
                guard let slots = reader.list(tiles, { $0.next().flatMap { (-1..<tiles).contains($0) ? $0 : nil } }),
                      let tray = reader.indices(below: tiles) else { return Self.malformed(&json) }
                previous = Deals.Game(slots: slots.map { $0 < 0 ? nil : $0 }, tray: tray)
            }
            guard reader.atEnd else { return Self.malformed(&json) }
            let game = Deals.audioGame(tiles: Array(0..<tiles), preplaced: min(preplaced, max(0, tiles - 1)),
                                       previous: previous, random: &random)
            json.object { json in
                json.key("slots")
                json.array(game.slots.count) { json, index in
                    if let tile = game.slots[index] { json.value(tile) } else { json.null() }
                }
                json.key("tray")
                json.array(game.tray)
            }
        case nil:
            return Self.malformed(&json)
        }
        return json.text
    }

    private static func malformed(_ json: inout CoreJSON) -> String {
        json = CoreJSON()
        json.object { json in
            json.key("error")
            json.value("malformed-deal-request")
        }
        return json.text
    }
}
