import LessonpackDiagnostics
import Testing

/// A byte offset becomes the line and column an editor shows, whatever ends the file's lines.
@Suite struct SourceMarkTests {
    static func position(_ text: String, of needle: Character) -> String {
        let bytes = Array(text.utf8)
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: text.firstIndex(of: needle)!.samePosition(in: text.utf8)!)
        return "\(SourceText(file: "f", utf8: bytes).position(ofByte: offset))"
    }

    @Test func linesEndAtLineFeedsAndColumnsCountScalars() {
        #expect(Self.position("<a>\n\t<b>héllo wörld</b>X", of: "X") == "2:20")
        #expect(Self.position("X", of: "X") == "1:1")
    }

    @Test func carriageReturnLineFeedIsOneLineEnd() {
        #expect(Self.position("<a>\r\n<b>\r\nX", of: "X") == "3:1")
        #expect(Self.position("<a>\r\n<b>X", of: "X") == "2:4")
    }

    @Test func aLoneCarriageReturnEndsALine() {
        #expect(Self.position("<a>\r<b>\rX", of: "X") == "3:1")
        #expect(Self.position("<a>\r\r\nX", of: "X") == "3:1")
    }

    @Test func aByteOrderMarkIsNoColumn() {
        #expect(Self.position("\u{FEFF}<a>X", of: "X") == "1:4")
        #expect(Self.position("\u{FEFF}<a>\nX", of: "X") == "2:1")
    }

    /// Positions are counted from checkpoints a kilobyte apart: every offset of a text longer than a few of them,
    /// with characters and line ends that straddle their boundaries, against a count from the start.
    @Test func everyOffsetMatchesACountFromTheStart() {
        var bytes: [UInt8] = Array("\u{FEFF}".utf8)
        let pieces = ["<key>", "é", "wörld", "\r\n", "\r", "\n", "\t", "日本", "😀", "</key>"].map { Array($0.utf8) }
        var next = 7
        while bytes.count < 5000 {
            next = (next * 31 + 11) % 101
            bytes += pieces[next % pieces.count]
        }
        let text = SourceText(file: "f", utf8: bytes)
        var (line, column) = (1, 1)
        for offset in 0...bytes.count {
            let isCharacterStart = offset == bytes.count || bytes[offset] & 0xC0 != 0x80
            if offset >= 3, isCharacterStart {
                #expect(text.position(ofByte: offset) == SourcePosition(line: line, column: column), "byte \(offset)")
            }
            guard offset >= 3, offset < bytes.count else { continue }
            let byte = bytes[offset]
            if byte == 0x0A || byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A) {
                (line, column) = (line + 1, 1)
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    @Test func linesAreCountedOnlyWhenAPositionIsAskedFor() {
        let text = SourceText(file: "module.plist", utf8: Array("<a>\n<b/>\n</a>".utf8))
        let mark = SourceMark(.byte(4), in: text)
        #expect(!text.hasCountedLines)
        #expect(mark.place == .byte(4))
        #expect(mark.location.description == "module.plist:2:1")
        #expect(text.hasCountedLines)
    }

    @Test func aMarkWithoutAPlaceIsTheWholeFile() {
        let mark = SourceMark(nil, in: SourceText(file: "module.json"))
        #expect(mark.position == nil)
        #expect(mark.location == SourceLocation(file: "module.json"))
        #expect(SourceMark(SourcePosition(line: 3, column: 7), in: SourceText(file: "x")).location.description == "x:3:7")
    }
}
