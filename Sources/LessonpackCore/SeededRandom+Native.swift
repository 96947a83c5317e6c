#if !hasFeature(Embedded)
// What only the native build has: the system's entropy, and Codable (which Embedded Swift lacks, being built on
// existentials). The WebAssembly core is seeded by the page, and saves no engine state of its own.

extension SeededRandom: Codable {
    /// A generator seeded from the system's entropy, for sessions nobody needs to replay.
    package static func fromSystem() -> SeededRandom {
        var system = SystemRandomNumberGenerator()
        return SeededRandom(seed: system.next())
    }

    // Tuples are not Codable: store the state as four numbers, so an engine's state can be saved and resumed.
    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(seed: 0)
        state = (try container.decode(UInt64.self), try container.decode(UInt64.self),
                 try container.decode(UInt64.self), try container.decode(UInt64.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(state.0)
        try container.encode(state.1)
        try container.encode(state.2)
        try container.encode(state.3)
    }
}
#endif
