import LessonpackCore

/// Finds the candidate a person most likely meant when they typed `word`: the one with the fewest single-character
/// edits (insert, delete, substitute, swap two neighbours), provided it is close enough to be a plausible typo.
package enum DidYouMean {
    package static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(word.lowercased())
        // A third of the length, at least one: "titel" → "title", but "x" does not become "id".
        let allowed = max(1, typed.count / 3)
        var best: (candidate: String, score: (Int, Int))?
        var sortedTyped: [Character]?
        for candidate in candidates where candidate != word {
            let letters = Array(candidate.lowercased())
            // The distance is at least the difference in length: most candidates go without computing it.
            guard abs(letters.count - typed.count) <= allowed else { continue }
            let distance = EditDistance.between(typed, letters)
            guard distance <= allowed else { continue }
            // Between equally close candidates, the one with the same letters is a swap of two, the likeliest slip.
            if sortedTyped == nil { sortedTyped = typed.sorted() }
            let score = (distance, letters.sorted() == sortedTyped ? 0 : 1)
            if score < (best?.score ?? (.max, .max)) {
                best = (candidate, score)
            }
        }
        return best?.candidate
    }

    /// `" (did you mean 'title'?)"`, or an empty string when nothing is close: ready to append to a message.
    package static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        suggestion(for: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
