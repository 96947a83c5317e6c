import Foundation
import Testing
@testable import TerminalText

/// Widths are the C library's, so text lines up as the terminal draws it.
@Suite struct DisplayWidthTests {
    @Test func theSystemsWidthsAreUsed() {
        #expect(DisplayWidth.usesSystemWidths, "no UTF-8 locale: install locales or use glibc's built-in C.UTF-8")
        #expect(DisplayWidth.of("☕") == 2)          // the hand-written table said 1
        #expect(DisplayWidth.of("⌚") == 2)
        #expect(DisplayWidth.of("🎉") == 2)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("café") == 4)
        #expect(DisplayWidth.of("cafe\u{0301}") == 4)   // a combining accent takes no column
        #expect(DisplayWidth.of("a\u{200B}b") == 2)     // nor does a zero-width space
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("\u{1B}") == 0)
    }

    @Test func theProcessLocaleDoesNotMatter() {
        // The player runs in whatever locale it is given; widths are asked in a UTF-8 one of their own.
        let saved = String(cString: setlocale(LC_CTYPE, nil))
        setlocale(LC_CTYPE, "C")
        defer { setlocale(LC_CTYPE, saved) }
        #expect(DisplayWidth.of("☕日") == 4)
    }
}

/// A terminal not set up for UTF-8 is written to in ASCII.
@Suite struct AsciiFallbackTests {
    @Test func symbolsAccentsAndTheRest() {
        #expect(AsciiFallback.text("[✓] café · 1:05 – ▶ playing…") == "[+] cafe - 1:05 - > playing...")
        #expect(AsciiFallback.text("┌──┐ “Hi” ‘x’ ←→") == "+--+ \"Hi\" 'x' <-->")
        #expect(AsciiFallback.text("日本") == "??")
        #expect(AsciiFallback.text("plain text") == "plain text")
    }

    @Test func theLocaleDecides() {
        #expect(AsciiFallback.terminalIsUTF8(environment: ["LANG": "en_GB.UTF-8"]))
        #expect(AsciiFallback.terminalIsUTF8(environment: ["LC_ALL": "C.utf8", "LANG": "C"]))
        #expect(!AsciiFallback.terminalIsUTF8(environment: ["LC_ALL": "C", "LANG": "en_GB.UTF-8"]))
        #expect(!AsciiFallback.terminalIsUTF8(environment: ["LANG": "C"]))
        #expect(!AsciiFallback.terminalIsUTF8(environment: [:]))
        #expect(AsciiFallback.terminalIsUTF8(environment: ["LC_CTYPE": "", "LANG": "fr_FR.UTF-8"]))
    }
}
