extension Dictionary {
    /// The pairs by key, the first of each key kept. Written as a loop: the standard library's
    /// `init(_:uniquingKeysWith:)` casts its error dynamically, which Embedded Swift cannot do.
    package init(firstOf pairs: [(Key, Value)]) {
        self.init(minimumCapacity: pairs.count)
        for (key, value) in pairs where self[key] == nil { self[key] = value }
    }
}
