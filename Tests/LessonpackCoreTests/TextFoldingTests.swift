import Foundation
import Testing
@testable import LessonpackCore

/// The core folds text for the dictionary without Foundation; Foundation's folding is the oracle it must equal.
@Suite struct TextFoldingTests {
    static func foundation(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).replacingOccurrences(of: "\u{2019}", with: "'")
    }

    @Test func everyScalarFoldsAsFoundationFoldsIt() {
        var differing: [String] = []
        for value in UInt32(0)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            if TextFolding.key(text) != Self.foundation(text) { differing.append(String(value, radix: 16)) }
        }
        #expect(differing.isEmpty, "\(differing.count) scalars differ: \(differing.prefix(20))")
    }

    /// Strings of `count` clusters, each a base from `bases` and up to `marks` marks from `from`, that fold unlike
    /// Foundation's folding, shown as scalar values (a lone mark would sit on the report's own characters).
    static func differing(bases: [String], marks: ClosedRange<Int>, from pool: [String], seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        var differing: [String] = []
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<(1 + random.below(5)) {
                text += bases[random.below(bases.count)]
                for _ in 0..<(marks.lowerBound + random.below(marks.count)) { text += pool[random.below(pool.count)] }
            }
            if TextFolding.key(text) != Self.foundation(text) {
                differing.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        return differing
    }

    @Test func accentsWrittenAsMarksFoldAsFoundationFoldsThem() {
        // Letters of the scripts with accents, and what sits between words, with any accents after them: a
        // decomposed "é", as a Mac writes it, is the case that matters.
        let bases = ["a", "E", "i", "O", "u", "n", "C", "s", "z", "ß", "æ", "Ø", "ı", "ω", "Ω", "Д", "ḁ", "ᾼ", "ﬁ", "≠",
                     "1", " ", "-", "'"]
        let accents = (0x300...0x36F).compactMap { Unicode.Scalar($0) }.map { String($0) }
        let differing = Self.differing(bases: bases, marks: 0...3, from: accents, seed: 11)
        #expect(differing.isEmpty, "\(differing.count) differ, such as \(differing.prefix(8).joined(separator: " | "))")
    }

    @Test func aMarkOnAnyOtherCharacterFoldsAsFoundationFoldsIt() {
        // One mark after a kana (a decomposed "が"), a CJK or Hangul syllable, a Hebrew, Arabic, Devanagari or
        // Armenian letter, an apostrophe. Foundation's folding of marks stacked on these, and of joiners and
        // variation selectors inside a cluster, has quirks (it drops only the first accent, or none after Ⱥ) that
        // the core does not copy: a dictionary term does not carry them.
        let bases = ["か", "ハ", "が", "가", "日", "א", "ب", "क", "ա", "’", "Ⱥ", "ẜ", "😀"]
        let marks = ["\u{300}", "\u{301}", "\u{308}", "\u{327}", "\u{3099}", "\u{309A}", "\u{20DD}"]
        let differing = Self.differing(bases: bases, marks: 0...1, from: marks, seed: 12)
        #expect(differing.isEmpty, "\(differing.count) differ, such as \(differing.prefix(8).joined(separator: " | "))")
    }

    @Test func termsFoldAsFoundationFoldsThem() {
        for term in ["Café au lait", "NAÏVE", "don’t", "Straße", "résumé", "Ångström", "がっこう", "ＡＢＣ", "Cafe\u{301}",
                     "ΟΔΥΣΣΕΥΣ", "Ⅻ", "ǅ"] {
            #expect(TextFolding.key(term) == Self.foundation(term), "\(term)")
        }
    }
}
