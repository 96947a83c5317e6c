/// How many single-character edits (insert, delete, substitute, swap two neighbours) turn one text into another:
/// optimal string alignment, Damerau–Levenshtein without repeated edits of one substring ("teh" for "the" is one
/// slip, not two). Shared by the diagnostics' "did you mean", the dictionary's search and the dictation's marking.
package enum EditDistance {
    package static func between(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
