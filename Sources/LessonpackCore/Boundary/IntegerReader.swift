/// A request's integers, read in order: a deal's counts and indices, a script's events. Whatever no module could
/// hold is refused (nil), never trapped on: the integers come from a web page.
struct IntegerReader {
    let values: [Int]
    var position = 0

    var atEnd: Bool { position == values.count }

    mutating func next() -> Int? {
        guard position < values.count else { return nil }
        defer { position += 1 }
        return values[position]
    }

    /// More than any module holds: a request past it is not one. Totals (every item's options, every
    /// question's answers) are held to it too, so no request asks for more work than a module could.
    static let largest = 100_000

    /// Whether counts, each within `largest`, add up to no more than it: summed with a stop, as a 32-bit Int
    /// (the WebAssembly build's) would overflow long before a hundred thousand of them.
    static func withinLargest(_ counts: [Int]) -> Bool {
        var total = 0
        for count in counts {
            total += count
            if total > largest { return false }
        }
        return true
    }

    mutating func count() -> Int? { next().flatMap { (0...Self.largest).contains($0) ? $0 : nil } }

    /// `count` elements read by `element` (or, for nil, a count first).
    mutating func list<Element>(_ count: Int?, _ element: (inout IntegerReader) -> Element?) -> [Element]? {
        guard let count = count ?? self.count() else { return nil }
        var result: [Element] = []
        for _ in 0..<count {
            guard let value = element(&self) else { return nil }
            result.append(value)
        }
        return result
    }

    /// A count, then that many indices in 0..<bound.
    mutating func indices(below bound: Int) -> [Int]? {
        list(nil) { $0.below(bound) }
    }

    /// -1 for none, or indices as `indices(below:)` reads them.
    mutating func optionalIndices(below bound: Int) -> [Int]?? {
        guard position < values.count else { return nil }
        if values[position] == -1 {
            position += 1
            return .some(nil)
        }
        return indices(below: bound).map { .some($0) }
    }

    /// A number in 0..<bound: an answer's letter, a slot. The engines trust theirs; the page's are checked here.
    mutating func below(_ bound: Int) -> Int? { next().flatMap { (0..<bound).contains($0) ? $0 : nil } }

    /// An element of `elements` by its index.
    mutating func index<Element>(_ elements: [Element]) -> Element? { next().flatMap { elements.element(at: $0) } }

    /// A pitch contour: a count, then each frame in millihertz, -1 where unvoiced.
    mutating func contour() -> [Double?]? {
        guard let count = next(), count >= 0, count <= Self.largest, position + count <= values.count else { return nil }
        defer { position += count }
        return values[position..<position + count].map { $0 < 0 ? nil : Double($0) / 1000 }
    }

    /// A count of UTF-8 bytes, then the bytes; nil unless they are UTF-8.
    mutating func text() -> String? {
        guard let count = next(), count >= 0, count <= 10_000, position + count <= values.count else { return nil }
        var bytes: [UInt8] = []
        for value in values[position..<position + count] {
            guard (0...255).contains(value) else { return nil }
            bytes.append(UInt8(value))
        }
        position += count
        return String(validating: bytes, as: UTF8.self)
    }
}

extension Array {
    func element(at index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
