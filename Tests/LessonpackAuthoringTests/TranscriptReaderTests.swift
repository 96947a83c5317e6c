import Foundation
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackTestSupport
import Testing

/// The transcript readers on the published examples of each format (see Fixtures/import/README.md).
@Suite struct TranscriptReaderTests {
    static let fixtures = Paths.inPackage("Tests/LessonpackAuthoringTests/Fixtures/import")

    func read(_ name: String, as format: TranscriptFormat? = nil) throws -> ReadResult<ImportedLine> {
        let path = Self.fixtures + "/" + name
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return (format ?? TranscriptFormat.guess(forFile: path)).read(bytes, file: name)
    }

    func read(text: String, as format: TranscriptFormat) -> ReadResult<ImportedLine> {
        format.read(Array(text.utf8), file: "typed")
    }

    @Test func theWebVTTSpecificationsInterview() throws {
        let result = try read("webvtt-spec-interview.vtt")
        #expect(result.diagnostics.isEmpty)
        #expect(result.items.count == 13)
        #expect(result.items.first == ImportedLine(speaker: "Roger Bingham", text: "We are in New York City", start: 11,
                                                   end: 13, location: .init(file: "webvtt-spec-interview.vtt", line: 4, column: 1)))
        // Cue settings after the time are not part of it; <i> is markup, not text.
        #expect(result.items[8].start == 30 && result.items[8].end == 31.5)
        #expect(result.items[11].speaker == "Neil deGrasse Tyson" && result.items[11].text == "Laughs")
        #expect(Set(result.items.compactMap(\.speaker)) == ["Roger Bingham", "Neil deGrasse Tyson"])
    }

    @Test func mdnsDialogueWithHeaderTextCueNumbersDashesAndANote() throws {
        let result = try read("webvtt-mdn-dialogue.vtt")
        #expect(result.items.map(\.text) == ["What?", "Where are we now?", "This is big bat country.",
                                             "[ Bats Screeching ]", "They won't get in your hair. They're after the bugs."])
        #expect(result.items.allSatisfy { $0.speaker == nil })
        // A two-speaker cue is shared by length: "What?" (5) and "Where are we now?" (17) over 3.299 s.
        #expect(result.items[0].start == 74.815 && result.items[0].end == 75.565)
        #expect(result.items[1].start == 75.565 && result.items[1].end == 78.114)
        #expect(result.diagnostics.map(\.location.line) == [4, 13])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.code == .importUnsupported })
    }

    @Test func wikipediasSubRipExampleWithItsFormattingTags() throws {
        let result = try read("subrip-wikipedia.srt")
        #expect(result.diagnostics.isEmpty)
        #expect(result.items.map(\.text) == ["Senator, we're making our final approach into Coruscant.",
                                             "Very good, Lieutenant.", "We made it.", "Landing gear down."])
        #expect(result.items[0].start == 136.612 && result.items[0].end == 139.376)
        #expect(result.items.map(\.speaker) == [nil, nil, nil, "LIEUTENANT"])
        #expect(result.items[1].location.line == 8)
    }

    @Test func plainTextTakesSpeakerColonLineAndSkipsBlankLines() {
        let result = read(text: "Helen Clarke: Good morning. Please, have a seat.\n\n\r\nTom:Thanks.\nTom: At 10:30 I have another.\n" +
                          "We start at 10:30: be early.\n", as: .plain)
        #expect(result.items.map(\.speaker) == ["Helen Clarke", nil, "Tom", nil])
        #expect(result.items.map(\.text)[2] == "At 10:30 I have another.")
        #expect(result.items.map(\.location.line) == [1, 4, 5, 6])
    }

    @Test func brokenSubtitlesAreReportedWhereTheyBreak() {
        let vtt = read(text: "WEBVTT\n\n00:01.000 --> 00:0x.000\nHello\n\n00:05.000 --> 00:04.000\nBackwards\n\nno timing here\n",
                       as: .webVTT)
        #expect(vtt.items.isEmpty)
        #expect(vtt.diagnostics.map { "\($0.location.line!):\($0.location.column!) \($0.message)" } == [
            "3:15 '00:0x.000' is not a time like 00:01:02.500 or 01:02.500",
            "6:15 the cue ends before it starts",
            "9:1 expected a cue: an optional number or name, then 'start --> end' on the next line",
        ])
        let notVTT = read(text: "1\n00:00:01,000 --> 00:00:02,000\nHi\n", as: .webVTT)
        #expect(notVTT.diagnostics.first?.message == "not a WebVTT file: its first line must be 'WEBVTT'")
        let srt = read(text: "1\n00:00:01.5 --> 00:00:02,250\nLenient dots\n", as: .subRip)
        #expect(srt.items.first?.start == 1.5 && srt.items.first?.end == 2.25)
    }

    @Test func textThatIsNotUTF8IsLocated() {
        let result = TranscriptFormat.plain.read(Array("Ana: ok\nBen: caf".utf8) + [0xE9] + Array(" au lait\n".utf8),
                                                 file: "latin1.txt")
        #expect(result.diagnostics.first?.code == .importEncoding)
        #expect(result.diagnostics.first?.location == .init(file: "latin1.txt", line: 2, column: 9))
        let utf16 = TranscriptFormat.plain.read([0xFF, 0xFE] + Array("Ana: ok\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                                                file: "utf16.txt")
        #expect(utf16.items.first?.speaker == "Ana")
    }

    @Test func aCueWithSeveralVoicesBecomesALineForEach() {
        // The specification's example of voices in one cue.
        let result = read(text: "WEBVTT\n\n00:00.000 --> 00:04.000\n<v Esme>It's a blue apple tree!\n<v Mary>No way!\n" +
                          "<v Esme>Hee!</v> <i>laughter</i>\n", as: .webVTT)
        #expect(result.items.map(\.speaker) == ["Esme", "Mary", "Esme"])
        #expect(result.items.map(\.text) == ["It's a blue apple tree!", "No way!", "Hee! laughter"])
        #expect(result.items.first?.start == 0 && result.items.last?.end == 4)
        #expect(result.items[1].start == result.items[0].end)
    }

    @Test func timesTooLargeOrMissingAreReportedNotTrapped() {
        let result = read(text: "WEBVTT\n\n99999999999999999999:00.000 --> 00:01.000\nA\n\n9999999999999999:00:00.000 --> 1:00.000\nB\n\n" +
                          "00:00.000 -->\nC\n\n99998:00:00.000 --> 99999:00:00.000\nD\n", as: .webVTT)
        #expect(result.items.isEmpty)
        #expect(result.diagnostics.map { "\($0.location.line!):\($0.location.column!) \($0.message)" } == [
            "3:1 '99999999999999999999:00.000' is not a time like 00:01:02.500 or 01:02.500",
            // WebVTT allows hours of any number of digits, so the start is a time; the end is not, as minutes
            // take exactly two digits.
            "6:32 '1:00.000' is not a time like 00:01:02.500 or 01:02.500",
            "9:14 expected the end time after '-->'",
            "12:21 a time in the video runs up to 99:59:59.999",
        ])
    }
}
