import Testing
@testable import LessonpackCheck

/// Two answers are the same when they read the same aloud: the byte-wise way for plain ASCII must agree with the
/// Character-wise way on everything ASCII holds, white space and control characters included.
@Suite struct AnswerComparisonTests {
    @Test(arguments: [
        "Yes, I do.", "  YES,   i   DO. ", "Tab\there", "line\r\nfeed", "form\u{0C}feed\u{0B}vertical", "",
        "   ", "a\u{1C}b", "a\u{1F} b", "DEL\u{7F}end", "\n\nStarts with lines\n", "Mixed-Case_and*Symbols 123",
    ])
    func asciiIsHeardAsCharactersAre(text: String) {
        #expect(DistinctAnswersRule.asHeard(text) == DistinctAnswersRule.asHeardByCharacter(text), "\(text.debugDescription)")
    }

    @Test func everyASCIIByteAgrees() {
        for byte in UInt8(0)..<0x80 {
            let text = "A" + String(UnicodeScalar(byte)) + " b" + String(UnicodeScalar(byte))
            #expect(DistinctAnswersRule.asHeard(text) == DistinctAnswersRule.asHeardByCharacter(text), "byte \(byte)")
        }
    }

    @Test func beyondASCIIGoesByCharacter() {
        #expect(DistinctAnswersRule.asHeard("ÉTÉ\u{00A0}chaud") == "été chaud")
    }
}
