extension PlistValue {
    /// Whether two values say the same thing: dictionaries compared as sets of keys (their order carries no
    /// meaning in a property list), reals by their bits (a NaN is the NaN that was written). What `fmt` must
    /// keep when it rewrites a file.
    package func sameContent(as other: PlistValue) -> Bool {
        switch (self, other) {
        case (.real(let left), .real(let right)):
            return left.bitPattern == right.bitPattern
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.sameContent(as: $1) }
        case (.dictionary(let left), .dictionary(let right)):
            guard left.count == right.count else { return false }
            var byKey: [String: PlistValue] = [:]
            for entry in right { byKey[entry.key] = entry.value }
            return left.allSatisfy { entry in byKey[entry.key].map { entry.value.sameContent(as: $0) } ?? false }
        default:
            return self == other
        }
    }

    /// Whether a NaN is anywhere inside: JSON has no way to write one.
    package var containsNaN: Bool {
        switch self {
        case .real(let real): real.isNaN
        case .array(let items): items.contains { $0.containsNaN }
        case .dictionary(let entries): entries.contains { $0.value.containsNaN }
        default: false
        }
    }
}
