import Testing
import TerminalText

@Suite struct TerminalSafeTests {
    @Test func escapeSequencesAndC1ControlsAreShownNotObeyed() {
        #expect(TerminalSafe.line("evil\u{1B}]0;owned\u{07}.wav") == "evil\\x1B]0;owned\\x07.wav")
        // U+009B is a one-byte CSI for terminals that honour C1 controls.
        #expect(TerminalSafe.line("a\u{9B}31mb") == "a\\x9B31mb")
        #expect(TerminalSafe.line("a\u{7F}b") == "a\\x7Fb")
    }

    @Test func namesCannotForgeLinesOrReadBackwards() {
        #expect(TerminalSafe.line("a\nb\rc\td") == "a\\x0Ab\\x0Dc\\x09d")
        #expect(TerminalSafe.line("file\u{202E}vaw.exe") == "file\\u{202E}vaw.exe")
        #expect(TerminalSafe.line("zero\u{200B}width") == "zero\\u{200B}width")
        #expect(TerminalSafe.needsEscaping("media/caf\u{E9}.opus") == false)
        #expect(TerminalSafe.needsEscaping("media/\u{85}.opus"))
    }

    @Test func jsonKeepsItsMeaningAndLosesTheControls() {
        #expect(TerminalSafe.json("{\"a\": \"x\u{9B}y\u{202E}z\u{E0041}\"}") == #"{"a": "x\u009by\u202ez\udb40\udc41"}"#)
        #expect(TerminalSafe.json("{\n  \"plain\": \"café\"\n}") == "{\n  \"plain\": \"café\"\n}")
    }

    @Test func blocksKeepLineBreaksTabsAndWhatScriptsNeed() {
        #expect(TerminalSafe.block("one\ntwo\tthree") == "one\ntwo\tthree")
        #expect(TerminalSafe.block("x\u{1B}[2Jy") == "x\\x1B[2Jy")
        // Zero-width joiners and non-joiners belong to Persian, Hindi and emoji sequences; right-to-left marks to
        // Arabic and Hebrew text. Only the overrides that reorder text are escaped.
        #expect(TerminalSafe.block("\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}") ==
                "\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}")
        #expect(TerminalSafe.block("a\u{200F}b\u{2066}c") == "a\u{200F}b\\u{2066}c")
    }
}
