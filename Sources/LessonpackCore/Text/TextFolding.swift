/// Text as the dictionary sorts, finds and compares it: without case or accents, and with a curly apostrophe
/// straight ("Café" and "cafe", "don’t" and "don't" are the same). The same as Foundation's
/// `folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)`, which FoldingTests checks scalar by
/// scalar, but with no Foundation, so the WebAssembly core sorts a dictionary exactly as the terminal does.
package enum TextFolding {
    package static func key(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for character in text {
            let scalars = character.unicodeScalars
            guard let base = scalars.first else { continue }
            let baseFolded = fold(base)
            // Foundation's rules, as TextFoldingTests finds them. After a letter of the scripts with accents (its
            // folding starts before U+0510: Latin, Greek, Cyrillic, and what decomposes to them) every mark is an
            // accent and goes. After a letter that leaves that range when its case is folded (Ⱥ → ⱥ), every mark
            // stays. After any other character (a kana, an Armenian letter) only a combining diacritic right after
            // it goes. What stays is put in canonical order, as Unicode's decomposition does.
            var kept: [Unicode.Scalar] = []
            if (baseFolded.first?.value ?? 0) < 0x510 {
                for scalar in scalars.dropFirst() where !isAccent(scalar) { kept += fold(scalar) }
            } else {
                for (index, scalar) in scalars.dropFirst().enumerated() {
                    if index == 0, base.value >= 0x510, isAccent(scalar), (0x300...0x36F).contains(scalar.value) { continue }
                    kept += fold(scalar)
                }
            }
            let cluster = baseFolded + canonicallyOrdered(kept)
            // A curly apostrophe is the straight one; one still carrying a mark is another character, and stays.
            folded.append(contentsOf: cluster == ["\u{2019}"] ? ["'"] : cluster)
        }
        return String(folded)
    }

    /// One scalar without case or accent: the table's folding, or its lowercase.
    private static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if let replacement = replacement(for: scalar.value) { return replacement.compactMap { Unicode.Scalar($0) } }
        return Array(scalar.properties.lowercaseMapping.unicodeScalars)
    }

    /// Marks sorted by their combining class, a stable sort that leaves starters (class 0) where they are.
    private static func canonicallyOrdered(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result = scalars
        var index = 1
        while index < result.count {
            let current = result[index].properties.canonicalCombiningClass.rawValue
            var place = index
            while place > 0, current != 0, result[place - 1].properties.canonicalCombiningClass.rawValue > current {
                result.swapAt(place, place - 1)
                place -= 1
            }
            index += 1
        }
        return result
    }

    private static func isAccent(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: true
        default: false
        }
    }

    /// What `table` folds the scalar to, by binary search.
    private static func replacement(for value: UInt32) -> [UInt32]? {
        var low = 0
        var high = table.count
        while low < high {
            let middle = (low + high) / 2
            if table[middle].0 < value { low = middle + 1 } else { high = middle }
        }
        return low < table.count && table[low].0 == value ? table[low].1 : nil
    }
}
