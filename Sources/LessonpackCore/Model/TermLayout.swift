/// Where a line's highlighted terms sit in its text: the one answer both `check` and the vocabulary activity use,
/// so a term that passes `check` is a term the learner can select.
///
/// Terms match whole words, ignoring case and the difference between typewriter and typographic apostrophes
/// (which authors mix without noticing): `us` is not highlighted inside "bus". A term that would overlap another
/// on the same line cannot be highlighted as well; longer terms are placed first, each at its first free
/// occurrence, so "lights" still finds a later "the lights" beside "traffic lights".
package enum TermLayout {
    /// A placed term: its text as the line's `terms` array writes it, and where it is in the line's text, in
    /// Characters.
    package struct Placement: Equatable, Sendable {
        package var term: String
        package var range: Range<Int>

        package init(term: String, range: Range<Int>) {
            self.term = term
            self.range = range
        }
    }

    package struct Layout: Equatable, Sendable {
        /// In reading order.
        package var placed: [Placement] = []
        /// Terms not in the text at all.
        package var missing: [String] = []
        /// Terms found only inside longer words ("us" in "bus").
        package var insideWords: [String] = []
        /// Terms every occurrence of which overlaps a placed term: (the term, the placed term it collides with).
        package var overlapping: [(term: String, with: String)] = []

        package static func == (lhs: Layout, rhs: Layout) -> Bool {
            lhs.placed == rhs.placed && lhs.missing == rhs.missing && lhs.insideWords == rhs.insideWords
                && lhs.overlapping.map { [$0.term, $0.with] } == rhs.overlapping.map { [$0.term, $0.with] }
        }
    }

    /// How terms compare with each other and with text.
    package static func key(_ term: String) -> String {
        let trimmed = term.trimmingWhitespace()
        if isPlainASCII(trimmed) { return String(decoding: lowercasedASCII(Array(trimmed.utf8)), as: UTF8.self) }
        return Array(trimmed).map(normalize).joined()
    }

    /// ASCII without a CR, whose bytes are its Characters ("\r\n" is one Character of two bytes).
    private static func isPlainASCII(_ string: some StringProtocol) -> Bool {
        // A plain loop over the bytes: `allSatisfy` with a closure cost ten times as much, on every line `check` reads.
        let answer = string.utf8.withContiguousStorageIfAvailable { bytes in
            var ored: UInt8 = 0
            var hasCarriageReturn = false
            for byte in bytes {
                ored |= byte
                hasCarriageReturn = hasCarriageReturn || byte == 0x0D
            }
            return ored < 0x80 && !hasCarriageReturn
        }
        return answer ?? string.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    package static func layout(of text: String, terms: [String]) -> Layout {
        // Most lines highlight nothing: `check` asks about every line of a transcript.
        guard !terms.isEmpty else { return Layout() }
        // Longest first, then in the order written, so the result does not depend on how the list is sorted.
        let ordered = terms.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.count, rhs.element.count)
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map { $0.element }
        // Plain ASCII (nearly every line of an English transcript) is laid out by the byte, where a byte is a
        // Character; anything else by Character. The two give the same layout, as the tests check.
        if isPlainASCII(text), terms.allSatisfy(isPlainASCII) {
            let bytes = Array(text.utf8)
            // The pattern of plain ASCII is its key's bytes, so terms are told apart by their patterns.
            return place(ordered, in: lowercasedASCII(bytes), length: bytes.count, patternIsKey: true,
                         pattern: { lowercasedASCII(Array($0.trimmingWhitespace().utf8)) },
                         isWordCharacter: { index in
                             let byte = bytes[index]
                             if isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) { return true }
                             return byte == UInt8(ascii: "'") && index > 0 && index + 1 < bytes.count
                                 && isASCIILetter(bytes[index - 1]) && isASCIILetter(bytes[index + 1])
                         })
        }
        let characters = Array(text)
        return place(ordered, in: characters.map(normalize), length: characters.count, patternIsKey: false,
                     pattern: { Array($0.trimmingWhitespace()).map(normalize) },
                     isWordCharacter: { index in
                         let character = characters[index]
                         if character.isLetter || character.isNumber { return true }
                         guard character == "'" || character == "\u{2019}" else { return false }
                         return characters.indices.contains(index - 1) && characters[index - 1].isLetter
                             && characters.indices.contains(index + 1) && characters[index + 1].isLetter
                     })
    }

    /// Places `ordered` terms in text of `length` units, compared as `normalized` units. A term whose key was
    /// placed already is skipped; when `patternIsKey`, equal patterns mean equal keys, and the key is not made.
    private static func place<Unit: Equatable>(_ ordered: [String], in normalized: [Unit], length: Int,
                                               patternIsKey: Bool, pattern makePattern: (String) -> [Unit],
                                               isWordCharacter: (Int) -> Bool) -> Layout {
        var layout = Layout()
        var seenKeys: Set<String> = []
        var seenPatterns: [[Unit]] = []
        for term in ordered {
            let pattern = makePattern(term)
            if patternIsKey {
                if seenPatterns.contains(pattern) { continue }
                seenPatterns.append(pattern)
            } else if !seenKeys.insert(key(term)).inserted {
                continue
            }
            let starts = occurrences(of: pattern, in: normalized)
            let whole = starts.filter { isWholeWord(start: $0, length: pattern.count, textLength: length, isWordCharacter) }
            if whole.isEmpty {
                if starts.isEmpty { layout.missing.append(term) } else { layout.insideWords.append(term) }
                continue
            }
            if let start = whole.first(where: { start in
                !layout.placed.contains { $0.range.overlaps(start..<(start + pattern.count)) }
            }) {
                layout.placed.append(Placement(term: term, range: start..<(start + pattern.count)))
            } else {
                let first = whole[0]..<(whole[0] + pattern.count)
                let blocker = layout.placed.first { $0.range.overlaps(first) }?.term ?? ""
                layout.overlapping.append((term, blocker))
            }
        }
        layout.placed.sort { $0.range.lowerBound < $1.range.lowerBound }
        return layout
    }

    private static func normalize(_ character: Character) -> String {
        character == "\u{2019}" ? "'" : character.lowercased()
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
    }

    /// In place, where `map` made a second array through a closure for every line.
    private static func lowercasedASCII(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for index in bytes.indices { bytes[index] = lowercasedASCII(bytes[index]) }
        return bytes
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        let lower = lowercasedASCII(byte)
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    private static func occurrences<Unit: Equatable>(of pattern: [Unit], in text: [Unit]) -> [Int] {
        guard let first = pattern.first, pattern.count <= text.count else { return [] }
        // Loops rather than filter and allSatisfy, whose closures made this most of what `check` spends on terms.
        var starts: [Int] = []
        var start = 0
        while start <= text.count - pattern.count {
            if text[start] == first {
                var offset = 1
                while offset < pattern.count && text[start + offset] == pattern[offset] { offset += 1 }
                if offset == pattern.count { starts.append(start) }
            }
            start += 1
        }
        return starts
    }

    /// A term's edges that are word characters must not continue a word of the text. An apostrophe between two
    /// letters belongs to its word ("don't"), so "don" is not found there.
    private static func isWholeWord(start: Int, length: Int, textLength: Int,
                                    _ isWordCharacter: (Int) -> Bool) -> Bool {
        func isWord(_ index: Int) -> Bool { index >= 0 && index < textLength && isWordCharacter(index) }
        let end = start + length
        let startsClean = !isWord(start) || !isWord(start - 1)
        let endsClean = !isWord(end - 1) || !isWord(end)
        return startsClean && endsClean
    }
}
