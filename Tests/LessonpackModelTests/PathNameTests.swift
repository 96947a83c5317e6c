import Foundation
import Testing
@testable import LessonpackModel

/// Names that would be one file on a case-insensitive or normalising file system fold to one key.
@Suite struct PathNameFolding {
    /// An ASCII name takes a short way; it must give the key Foundation's folding gives.
    @Test func asciiNamesFoldAsFoundationFoldsThem() {
        let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        var names = ["media/Lines/L01.WAV", "conversation.mp4", "A-Z_a-z 0-9.~", String(printable)]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            names.append(String((0..<Int.random(in: 1...24, using: &random)).map { _ in printable.randomElement(using: &random)! }))
        }
        for name in names {
            #expect(PathName.foldedKey(name)
                    == name.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil),
                    "\(name)")
        }
    }

    @Test func otherNamesFoldByCaseAndCompatibilityForm() {
        #expect(PathName.foldedKey("Café.wav") == PathName.foldedKey("cafe\u{301}.WAV"))
        #expect(PathName.foldedKey("ｌｉｎｅ.wav") == PathName.foldedKey("LINE.wav"))
        #expect(PathName.foldedKey("Ärger.wav") == PathName.foldedKey("ärger.WAV"))
        #expect(PathName.foldedKey("Ärger.wav") != PathName.foldedKey("arger.wav"))
    }
}

/// A definition's part of speech and meaning are trimmed as Foundation trims them, without its character sets.
@Suite struct DefinitionTrimming {
    @Test func trimsAsFoundationDoes() {
        let spaces = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{2028}", "\u{2029}",
                      "\u{3000}", "\u{200B}", "x", "é", "e\u{301}", ""]
        var samples: [String] = []
        for a in spaces { for b in spaces { samples += [a + "noun" + b, a + b + "a word" + a + b, a + b] } }
        for sample in samples {
            #expect(Definition.trimmed(Substring(sample), newlines: false) == sample.trimmingCharacters(in: .whitespaces),
                    "\(sample.unicodeScalars.map { $0.value })")
            #expect(Definition.trimmed(Substring(sample), newlines: true) == sample.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(sample.unicodeScalars.map { $0.value })")
        }
    }
}
