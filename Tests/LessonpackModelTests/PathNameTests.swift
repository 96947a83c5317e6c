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
