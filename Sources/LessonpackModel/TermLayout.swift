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
        Array(term.trimmingWhitespace()).map(normalize).joined()
    }

    package static func layout(of text: String, terms: [String]) -> Layout {
        let characters = Array(text)
        let normalized = characters.map(normalize)
        var layout = Layout()
        // Longest first, then in the order written, so the result does not depend on how the list is sorted.
        let ordered = terms.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.count, rhs.element.count)
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map(\.element)
        var seen: Set<String> = []
        for term in ordered where seen.insert(key(term)).inserted {
            let pattern = Array(term.trimmingWhitespace()).map(normalize)
            let starts = occurrences(of: pattern, in: normalized)
            let whole = starts.filter { isWholeWord(start: $0, length: pattern.count, in: characters) }
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

    private static func occurrences(of pattern: [String], in text: [String]) -> [Int] {
        guard !pattern.isEmpty, pattern.count <= text.count else { return [] }
        return (0...(text.count - pattern.count)).filter { start in
            pattern.indices.allSatisfy { text[start + $0] == pattern[$0] }
        }
    }

    /// A term's edges that are word characters must not continue a word of the text. An apostrophe between two
    /// letters belongs to its word ("don't"), so "don" is not found there.
    private static func isWholeWord(start: Int, length: Int, in text: [Character]) -> Bool {
        func isWordCharacter(_ index: Int) -> Bool {
            guard text.indices.contains(index) else { return false }
            let character = text[index]
            if character.isLetter || character.isNumber { return true }
            guard character == "'" || character == "\u{2019}" else { return false }
            return text.indices.contains(index - 1) && text[index - 1].isLetter
                && text.indices.contains(index + 1) && text[index + 1].isLetter
        }
        let end = start + length
        let startsClean = !isWordCharacter(start) || !isWordCharacter(start - 1)
        let endsClean = !isWordCharacter(end - 1) || !isWordCharacter(end)
        return startsClean && endsClean
    }
}
