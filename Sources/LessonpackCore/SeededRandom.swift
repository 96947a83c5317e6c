/// The random source every activity draws from: xoshiro256** seeded through SplitMix64. Shuffles and draws use
/// this file's own algorithms (Fisher–Yates, Lemire's bounded integers) rather than the standard library's, whose
/// exact sequence for a given generator is not promised to stay the same between Swift releases: a seed must
/// replay a session exactly, on any build.
package struct SeededRandom: RandomNumberGenerator, Sendable, Equatable {
    // Internal, not private: the native Codable extension (SeededRandom+Native.swift) restores it.
    var state: (UInt64, UInt64, UInt64, UInt64)

    package init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    package mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotate(state.3, 45)
        return result
    }

    /// A uniformly distributed integer in 0..<bound (Lemire's method, without modulo bias).
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(_:) needs a positive bound")
        let limit = UInt64(bound)
        var product = next().multipliedFullWidth(by: limit)
        if product.low < limit {
            let threshold = (0 &- limit) % limit
            while product.low < threshold { product = next().multipliedFullWidth(by: limit) }
        }
        return Int(product.high)
    }

    /// `items` in a uniformly random order (Fisher–Yates).
    package mutating func shuffled<T>(_ items: [T]) -> [T] {
        var result = items
        guard result.count > 1 else { return result }
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(index, below(index + 1))
        }
        return result
    }

    /// `count` different elements of `items`, uniformly, in random order.
    package mutating func sample<T>(_ items: [T], count: Int) -> [T] {
        Array(shuffled(items).prefix(max(0, count)))
    }

    private func rotate(_ value: UInt64, _ amount: UInt64) -> UInt64 { (value << amount) | (value >> (64 - amount)) }

    package static func == (lhs: SeededRandom, rhs: SeededRandom) -> Bool {
        lhs.state == rhs.state
    }
}
