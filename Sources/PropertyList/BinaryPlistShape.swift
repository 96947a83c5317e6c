/// Bounds a binary property list before Foundation decodes it. A binary file may refer to one object from many
/// places, and Foundation builds a separate copy for every reference: a 239-byte file of 40 arrays, each holding the
/// next one twice, would make a trillion copies (22 levels already take 4 seconds and 250 MB). So this walks the
/// file's structure only — the trailer, the offset table and each container's references, never a value — and
/// refuses a file nested deeper than the XML reader allows, or one that, written out in full, would be larger than
/// the XML reader's file limit. Everything else (strings, numbers, dates, whether the bytes make sense) is left to
/// Foundation.
enum BinaryPlistShape {
    /// What one value costs written out: about its smallest XML form (`<true/>`, `<key></key>`), plus its text.
    private static let costPerValue = 8

    static func check(_ bytes: [UInt8], maxDepth: Int, maxExpandedBytes: Int) throws(BinaryPropertyList.Refusal) {
        var walk = try Walk(bytes, maxDepth: maxDepth, budget: maxExpandedBytes)
        // The root is the one value inside <plist>: XML depth 2.
        let (cost, _) = try walk.visit(walk.topObject, depth: 2)
        if cost > maxExpandedBytes { throw .expandsTooFar(limit: maxExpandedBytes) }
    }

    private struct Walk {
        let bytes: [UInt8]
        let maxDepth: Int
        let budget: Int
        let referenceSize: Int
        let offsetSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTable: Int
        /// Per object: its cost once known, `unvisited`, or `inProgress` (meeting it again is a cycle).
        var costs: [Int]
        /// Per object whose cost is known: how many levels of elements it spans, itself included.
        var heights: [UInt16]

        static let unvisited = -1
        static let inProgress = -2

        init(_ bytes: [UInt8], maxDepth: Int, budget: Int) throws(BinaryPropertyList.Refusal) {
            // "bplist00", at least one object, and the 32-byte trailer.
            guard bytes.count >= 8 + 1 + 32 else { throw .damaged }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                  let count = Self.integer(bytes, at: trailer + 8, size: 8),
                  let top = Self.integer(bytes, at: trailer + 16, size: 8),
                  let table = Self.integer(bytes, at: trailer + 24, size: 8),
                  count > 0, top < count, table >= 9, table <= trailer,
                  count <= (trailer - table) / offsetSize
            else { throw .damaged }
            // Each object is worth at least one value, so more objects than the budget allows cannot all fit; and
            // refusing them first keeps the tables below small.
            guard count <= budget / BinaryPlistShape.costPerValue + 1 else { throw .expandsTooFar(limit: budget) }
            self.bytes = bytes
            self.maxDepth = min(maxDepth, Int(UInt16.max) - 1)
            self.budget = budget
            objectCount = count
            topObject = top
            offsetTable = table
            costs = Array(repeating: Self.unvisited, count: count)
            heights = Array(repeating: 0, count: count)
        }

        /// The cost of `object` and everything it refers to, and its height; `depth` is where it stands.
        /// Recursion is bounded by `maxDepth`, which is checked before going one level further.
        mutating func visit(_ object: Int, depth: Int) throws(BinaryPropertyList.Refusal) -> (cost: Int, height: Int) {
            guard depth <= maxDepth else { throw .tooDeep(limit: maxDepth) }
            switch costs[object] {
            case Self.inProgress:
                throw .damaged   // an object inside itself: Foundation refuses those too
            case Self.unvisited:
                break
            case let cost:
                let height = Int(heights[object])
                guard depth - 1 + height <= maxDepth else { throw .tooDeep(limit: maxDepth) }
                return (cost, height)
            }
            guard let start = Self.integer(bytes, at: offsetTable + object * offsetSize, size: offsetSize),
                  start >= 8, start < offsetTable else { throw .damaged }
            let marker = bytes[start]
            let kind = marker >> 4
            var cost = BinaryPlistShape.costPerValue
            var height = 1
            switch kind {
            case 0x4, 0x5, 0x6:   // data, ASCII string, UTF-16 string: their length counts
                let (length, _) = try count(marker, at: start)
                cost = add(cost, kind == 0x6 ? min(length, budget) * 2 : length)
            case 0xA, 0xC, 0xD:   // array, set, dictionary: keys and values are references to other objects
                costs[object] = Self.inProgress
                let (entries, first) = try count(marker, at: start)
                guard entries <= offsetTable else { throw .damaged }
                let references = kind == 0xD ? entries * 2 : entries
                guard references <= (offsetTable - first) / referenceSize else { throw .damaged }
                for index in 0..<references {
                    guard let child = Self.integer(bytes, at: first + index * referenceSize, size: referenceSize),
                          child < objectCount else { throw .damaged }
                    let (childCost, childHeight) = try visit(child, depth: depth + 1)
                    cost = add(cost, childCost)
                    height = max(height, childHeight + 1)
                    if cost > budget { throw .expandsTooFar(limit: budget) }
                }
            default:
                break
            }
            costs[object] = cost
            heights[object] = UInt16(height)
            return (cost, height)
        }

        /// A container's or a string's count: the marker's low four bits, or the integer object after it when
        /// those are all ones. Returns the count and where what it counts begins.
        private func count(_ marker: UInt8, at start: Int) throws(BinaryPropertyList.Refusal) -> (Int, Int) {
            let low = Int(marker & 0x0F)
            if low != 0x0F { return (low, start + 1) }
            guard start + 1 < offsetTable, bytes[start + 1] >> 4 == 0x1 else { throw .damaged }
            let size = 1 << Int(bytes[start + 1] & 0x0F)
            guard size <= 8, start + 2 + size <= offsetTable,
                  let value = Self.integer(bytes, at: start + 2, size: size) else { throw .damaged }
            return (value, start + 2 + size)
        }

        private func add(_ left: Int, _ right: Int) -> Int { min(left + min(right, budget + 1), budget + 1) }

        /// A big-endian unsigned integer of `size` bytes at `offset`, when it is within the file and fits an Int.
        static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
            return Int(exactly: value)
        }
    }
}
