import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing

/// The WebVTT reader against the W3C specification's parser ("WebVTT file parsing", "collect a WebVTT block",
/// "collect WebVTT cue timings and settings", "collect a WebVTT timestamp"): each file is one of its edge cases,
/// and what it reads is what a browser would show. Line breaks in the files are written out (\n, \r) on purpose.
@Suite struct WebVTTSpecTests {
    func read(_ text: String, as format: TranscriptFormat = .webVTT) -> ReadResult<ImportedLine> {
        format.read(Array(text.utf8), file: "t.vtt")
    }

    /// "line:column severity message" for each diagnostic, to compare in one go.
    func described(_ result: ReadResult<ImportedLine>) -> [String] {
        result.diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.severity) \($0.message)" }
    }

    func cues(_ result: ReadResult<ImportedLine>) -> [String] {
        result.items.map { "\($0.start ?? -1)-\($0.end ?? -1) \($0.text)" }
    }

    // MARK: Blocks ("collect a WebVTT block")

    /// The timing line was folded into the previous cue's text, with no word said.
    @Test func aTimingLineStraightAfterCueTextStartsANewCue() {
        let result = read("WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n00:03.000 --> 00:04.000\nWorld\n")
        #expect(cues(result) == ["1.0-2.0 Hello", "3.0-4.0 World"])
        #expect(result.items.map(\.location.line) == [4, 6])
        #expect(described(result) == ["5:1 warning no blank line before these times: they start a new cue, as players " +
                                      "read them (a blank line should end the cue above)"])
        // An identifier written without the blank line above it is, by the spec, the last line of the cue before.
        let numbered = read("WEBVTT\n\n1\n00:01.000 --> 00:02.000\nHello\n2\n00:03.000 --> 00:04.000\nWorld\n")
        #expect(cues(numbered) == ["1.0-2.0 Hello 2", "3.0-4.0 World"])
        #expect(numbered.diagnostics.map(\.location.line) == [7])
    }

    /// The cue was taken for part of the header and lost.
    @Test func aTimingLineStraightAfterTheHeaderIsTheFirstCue() {
        let result = read("WEBVTT\n00:01.000 --> 00:02.000\nHello\n")
        #expect(cues(result) == ["1.0-2.0 Hello"])
        #expect(described(result) == ["2:1 warning no blank line after the WEBVTT header: these times start the " +
                                      "first cue, as players read them"])
        let withHeaderText = read("WEBVTT - captions\nKind: captions\nLanguage: en\n00:01.000 --> 00:02.000\nHello\n")
        #expect(cues(withHeaderText) == ["1.0-2.0 Hello"])
        #expect(withHeaderText.diagnostics.map(\.location.line) == [4])
    }

    @Test func aCueIdentifierWithAnArrowIsNotAnIdentifier() {
        // The spec reads the first line as times, which fail; the real times then start the cue.
        let result = read("WEBVTT\n\nintro --> part 1\n00:01.000 --> 00:02.000\nHello\n")
        #expect(cues(result) == ["1.0-2.0 Hello"])
        #expect(described(result) == ["3:1 warning a cue identifier cannot contain '-->': this line is read as times " +
                                      "that are not, and skipped; the cue starts on the next line"])
        let identified = read("WEBVTT\n\ncrédit de transcription\n00:04.000 --> 00:05.000\nTranscrit par Célestes&trade;\n")
        // Cue text takes HTML's character references (the spec's cue text tokenizer), &trade; among them.
        #expect(cues(identified) == ["4.0-5.0 Transcrit par Célestes™"])
        #expect(identified.diagnostics.isEmpty)
    }

    @Test func aNoteEndsAtALineWithAnArrowWhichStartsACue() {
        let result = read("WEBVTT\n\nNOTE a comment\nthat goes on\n00:01.000 --> 00:02.000\nHello\n\nNOTE\nquiet\n")
        #expect(cues(result) == ["1.0-2.0 Hello"])
        #expect(described(result) == ["5:1 warning a comment cannot contain '-->': the NOTE ends here and these times " +
                                      "start a cue, as players read them"])
        // Second line of the block: by the spec, a cue whose identifier is "NOTE …".
        let named = read("WEBVTT\n\nNOTE cut this one\n00:01.000 --> 00:02.000\nHello\n")
        #expect(cues(named) == ["1.0-2.0 Hello"])
        #expect(named.diagnostics.map { "\($0.location.line!) \($0.severity)" } == ["3 warning"])
    }

    @Test func styleRegionAndNoteBlocksAreReadPastSilently() {
        // The specification's own style example, then a REGION and a STYLE after the first cue, which the parser
        // does not treat as a style sheet but which is no cue either.
        let result = read("""
            WEBVTT

            STYLE
            ::cue {
              background-image: linear-gradient(to bottom, dimgray, lightgray);
            }
            /* Style blocks cannot use blank lines nor "dash dash greater than" */

            NOTE comment blocks can be used between style blocks.

            REGION
            id:fred width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90% scroll:up

            hello
            00:00:00.000 --> 00:00:10.000 region:fred align:left
            Hello <b>world</b>.

            STYLE
            ::cue(b) { color: peachpuff; }

            NOTE style blocks cannot appear after the first cue.

            """)
        #expect(cues(result) == ["0.0-10.0 Hello world."])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func onlyAnEmptyLineEndsABlockNotALineOfSpaces() {
        // Per the spec a line of spaces is text; what an author sees as a blank line still ends the cue.
        let result = read("WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n   \nagain\n\n  \n\n00:03.000 --> 00:04.000\nBye\n   \n" +
                          "00:05.000 --> 00:06.000\nNow\n")
        #expect(cues(result) == ["1.0-2.0 Hello again", "3.0-4.0 Bye", "5.0-6.0 Now"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aCueWithNoTextIsSkippedAndTheNextTimesStillStartACue() {
        let result = read("WEBVTT\n\n00:01.000 --> 00:02.000\n00:03.000 --> 00:04.000\nHi\n\n00:05.000 --> 00:06.000\n<i></i>\n")
        #expect(cues(result) == ["3.0-4.0 Hi"])
        #expect(result.diagnostics.map { "\($0.location.line!) \($0.message)" } == [
            "3 the cue has no text; skipped",
            "4 no blank line before these times: they start a new cue, as players read them (a blank line should end the cue above)",
            "7 the cue has no text; skipped",
        ])
    }

    // MARK: The signature ("WebVTT parser algorithm", steps 4 to 6)

    @Test func theSignatureIsWEBVTTThenNothingOrASpaceOrATab() {
        for good in ["WEBVTT\n", "WEBVTT \n", "WEBVTT\tfrom the editor\n", "WEBVTT - header\n\n"] {
            let result = read(good + "\n00:01.000 --> 00:02.000\nHi\n")
            #expect(cues(result) == ["1.0-2.0 Hi"], "\(good.debugDescription)")
            #expect(result.diagnostics.isEmpty, "\(good.debugDescription)")
        }
        #expect(read("WEBVTT").items.isEmpty && read("WEBVTT").diagnostics.isEmpty)
        for bad in ["WEBVTTX\n", "WEBVTT-x\n", " WEBVTT\n", "webvtt\n", "WEBVT\n", "", "\n\nWEBVTT\n"] {
            let result = read(bad + "\n00:01.000 --> 00:02.000\nHi\n")
            #expect(described(result) == ["1:1 error not a WebVTT file: its first line must be 'WEBVTT'"],
                    "\(bad.debugDescription)")
            #expect(result.items.isEmpty)
        }
    }

    // MARK: Times ("collect WebVTT cue timings and settings", "collect a WebVTT timestamp")

    @Test func timingLinesMayCarrySettingsAndNeedNoSpaces() {
        let result = read("""
            WEBVTT

            00:01.000 --> 00:02.000 align:start position:10%,line-left size:35% line:0 vertical:rl
            A

            00:03.000-->00:04.000
            B

            \t00:05.000\t-->\t00:06.000\tline:-1
            C

            00:07.000 --> 00:08.500align:end
            D

            01:00:09.000 --> 01:00:10.250 --> 01:00:11.000
            E

            1:00:12.000 --> 1:00:13.000
            F
            """)
        #expect(cues(result) == ["1.0-2.0 A", "3.0-4.0 B", "5.0-6.0 C", "7.0-8.5 D", "3609.0-3610.25 E", "3612.0-3613.0 F"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func timestampsHaveTwoDigitMinutesAndSecondsAndThreeDigitMilliseconds() {
        let cases: [(String, String)] = [
            ("0:01.000 --> 00:02.000", "1 '0:01.000' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:1.000 --> 00:02.000", "1 '00:1.000' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:01.00 --> 00:02.000", "1 '00:01.00' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:01.0000 --> 00:02.000", "1 '00:01.0000' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:01,000 --> 00:02.000", "1 '00:01,000' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:60.000 --> 01:02.000", "1 '00:60.000' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:01:60.000 --> 00:01:02.000", "1 '00:01:60.000' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:01.000x --> 00:02.000", "1 '00:01.000x' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:01.000 00:02.000 --> 00:03.000", "11 expected '-->' after the start time"),
            ("--> 00:02.000", "1 expected the start time before '-->'"),
            ("00:01.000 --> 1:02.000", "15 '1:02.000' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:01.000 --> 00:02", "15 '00:02' is not a time like 00:01:02.500 or 01:02.500"),
            ("00:01.000 -->   ", "14 expected the end time after '-->'"),
            ("00:02.000 --> 00:02.000", "15 the cue ends when it starts"),
            ("100:00:00.000 --> 100:00:01.000", "19 a time in the video runs up to 99:59:59.999"),
        ]
        for (timing, expected) in cases {
            let result = read("WEBVTT\n\n\(timing)\nText\n")
            #expect(result.items.isEmpty, "\(timing)")
            #expect(result.diagnostics.map { "\($0.location.column!) \($0.message)" } == [expected], "\(timing)")
            #expect(result.diagnostics.allSatisfy { $0.severity == .error && $0.location.line == 3 }, "\(timing)")
        }
    }

    @Test func columnsCountCharactersAsAnEditorDoes() {
        // A space with a combining mark on it is one character: the error is in column 10, not 11.
        let result = read("WEBVTT\n\n00:01.000 \u{301}--> 00:02.000\nText\n")
        #expect(described(result) == ["3:10 error expected '-->' after the start time"])
    }

    // MARK: Characters (the parser's preprocessing, and what a transcript line can hold)

    /// VT, FF, NEL, U+2028 and U+2029 broke lines, so every line number after one was wrong.
    @Test func onlyCRAndLFAndCRLFEndALine() {
        let text = "WEBVTT\n\n00:01.000 --> 00:02.000\nA\u{0B}B\u{0C}C\u{85}D\u{2028}E\u{2029}\u{2028}\u{2028}F\n\n" +
                   "00:0x.000 --> 00:04.000\nG\n\n00:05.000 --> 00:06.000\nH\n"
        let result = read(text)
        #expect(cues(result) == ["1.0-2.0 A B C D E F", "5.0-6.0 H"])
        #expect(result.items.map(\.location.line) == [4, 10])
        #expect(described(result) == ["6:1 error '00:0x.000' is not a time like 00:01:02.500 or 01:02.500"])
        let lineCount = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count
        #expect((result.diagnostics.map(\.location.line!) + result.items.map(\.location.line!)).allSatisfy { $0 <= lineCount })

        // CRLF, and a lone CR (old Mac files), are line breaks like LF, in any mixture.
        for ending in ["\r\n", "\r"] {
            let crlf = read(["WEBVTT", "", "00:01.000 --> 00:02.000", "Hello", "", "00:03.000 --> 00:04.000", "World", ""]
                .joined(separator: ending))
            #expect(cues(crlf) == ["1.0-2.0 Hello", "3.0-4.0 World"])
            #expect(crlf.items.map(\.location.line) == [4, 7])
        }
        let mixed = read("WEBVTT\r\n\r00:01.000 --> 00:02.000\nHello\r\n\n00:03.000 --> 00:04.000\rWorld")
        #expect(cues(mixed) == ["1.0-2.0 Hello", "3.0-4.0 World"])
        #expect(mixed.items.map(\.location.line) == [4, 7])
    }

    /// The same, for the other transcript formats, which share TextSource: they too end lines only at CR, LF and
    /// CRLF, and read the other separators as spaces.
    @Test func plainTextAndSubRipAlsoEndLinesOnlyAtCRAndLF() {
        let plain = read("Ana: one\u{2028}two\u{0B}three\nBen: four\rCarl: five\n", as: .plain)
        #expect(plain.items.map { "\($0.location.line!) \($0.speaker ?? "-"): \($0.text)" } ==
                ["1 Ana: one two three", "2 Ben: four", "3 Carl: five"])
        let subRip = read("1\n00:00:01,000 --> 00:00:02,000\nA\u{0C}B\u{85}C\n\n2\n00:00:03,000 --> 00:00:0x,000\nD\n",
                          as: .subRip)
        #expect(cues(subRip) == ["1.0-2.0 A B C"])
        #expect(described(subRip) == ["6:18 error '00:00:0x,000' is not a time like 00:01:02,500"])
        // The first byte that is not UTF-8 is found on the line an editor shows, whatever ends the lines before.
        let latin1 = TranscriptFormat.plain.read(Array("Ana: ok\rBen: ok\r\nCaro: caf".utf8) + [0xE9], file: "l.txt")
        #expect(latin1.diagnostics.first?.location == .init(file: "l.txt", line: 3, column: 10))
    }

    /// A NUL stayed in the text and the import failed only when writing the module file.
    @Test func aNULBecomesAReplacementCharacterAndTheImportWrites() throws {
        let result = read("WEBVTT\n\n00:01.000 --> 00:02.000\nAna: caf\u{0}\n")
        #expect(result.items.map(\.text) == ["caf\u{FFFD}"])
        #expect(described(result) == ["4:9 warning a NUL character, read as U+FFFD (\u{FFFD}) as WebVTT says"])
        let folder = TemporaryFolder()
        let module = folder.copy(Paths.inPackage("Templates/starter"), as: "module")
        let plan = TranscriptImport.plan(result.items, from: "t.vtt", into: module)
        #expect(!plan.hasErrors, "\(plan.diagnostics.map(\.message))")
        try plan.apply()
        #expect(try String(contentsOfFile: module + "/transcript.plist", encoding: .utf8).contains("caf\u{FFFD}"))
    }

    @Test func otherControlCharactersAreDroppedWhereTheyAreAndSaidSo() {
        let result = read("WEBVTT\n\n00:01.000 --> 00:02.000\nAna: ring\u{07} ring\n")
        #expect(result.items.map(\.text) == ["ring ring"])
        #expect(described(result) == ["4:10 warning the control character U+0007 cannot be kept in a transcript; dropped"])
        let plain = read("Ana: tab\tand \u{1B}escape\n", as: .plain)
        #expect(plain.items.map(\.text) == ["tab and escape"])
        #expect(plain.diagnostics.map(\.location.column) == [14])
    }

    @Test func aByteOrderMarkIsSkipped() {
        let body = "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n"
        let utf8 = TranscriptFormat.webVTT.read([0xEF, 0xBB, 0xBF] + Array(body.utf8), file: "bom.vtt")
        #expect(cues(utf8) == ["1.0-2.0 Hi"] && utf8.diagnostics.isEmpty)
        let utf16 = TranscriptFormat.webVTT.read([0xFF, 0xFE] + Array(body.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                                                 file: "bom16.vtt")
        #expect(cues(utf16) == ["1.0-2.0 Hi"] && utf16.diagnostics.isEmpty)
    }
}
