internal import CLibXML2
import LessonpackDiagnostics

/// Where things are. libxml2 knows only where it is now, counting lines at LF alone; everything else is found by
/// walking its UTF-8 buffer back from there (it keeps at least the last 80 bytes before its cursor), and every
/// position is turned into one that also counts a lone CR as a line end before anyone sees it.
extension XMLStream {
    /// Where the parser is, as an editor counts.
    func currentPosition() -> SourcePosition {
        translated(parserPosition())
    }

    /// Where the parser is, as libxml2 counts: lines end at LF only.
    func parserPosition() -> SourcePosition {
        guard let input = context.pointee.input else { return SourcePosition(line: 1, column: 1) }
        return SourcePosition(line: Int(input.pointee.line), column: max(1, Int(input.pointee.col)))
    }

    /// A position as libxml2 counts it, as an editor counts it.
    func translated(_ position: SourcePosition) -> SourcePosition {
        guard mayHaveLoneCarriageReturns else { return position }
        let encoder = context.pointee.input?.pointee.buf?.pointee.encoder
        if lineEnds == nil || lineEnds?.encoder != encoder {
            // The encoder is only known once the XML declaration is read; until then the file is taken as UTF-8.
            let carriageReturns = characterLayout()?.loneCarriageReturns(in: bytes) ?? []
            lineEnds = (encoder, LineEndTranslation(loneCarriageReturns: carriageReturns))
        }
        return lineEnds?.translation.translate(position) ?? position
    }

    /// How the file's bytes divide into characters, from the decoder libxml2 chose; nil for an encoding whose
    /// characters take a varying number of bytes other than UTF-8's and UTF-16's.
    func characterLayout() -> CharacterLayout? {
        guard let encoder = context.pointee.input?.pointee.buf?.pointee.encoder, let name = encoder.pointee.name
        else { return .utf8 }
        let encoding = String(cString: name).uppercased().filter { $0.isLetter || $0.isNumber }
        if encoding.hasPrefix("UTF16") || encoding.hasPrefix("UCS2") {
            if encoding.hasSuffix("BE") { return .utf16(bigEndian: true) }
            if encoding.hasSuffix("LE") { return .utf16(bigEndian: false) }
            return .utf16(bigEndian: !(bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0x00])))
        }
        if encoding == "UTF8" { return .utf8 }
        let singleByte = ["ISO8859", "LATIN", "WINDOWS125", "CP125", "ASCII", "USASCII", "KOI8", "MAC", "CP437",
                          "CP850", "IBM", "TIS620"]
        return singleByte.contains { encoding.hasPrefix($0) } ? .singleByte : nil
    }

    // MARK: - Places

    /// Whether libxml2's buffer holds the file's own bytes, so that an offset into it is an offset into the file:
    /// UTF-8 read without a converter. Any other encoding is decoded into the buffer, and its marks are counted
    /// positions instead.
    private var buffersTheFilesBytes: Bool { context.pointee.input?.pointee.buf?.pointee.encoder == nil }

    /// The place of `pointer` in libxml2's buffer: the bytes it has already let go of, and the distance from its
    /// base.
    private func place(ofBuffer pointer: UnsafePointer<xmlChar>, input: xmlParserInputPtr,
                       base: UnsafePointer<xmlChar>) -> SourcePlace {
        .byte(Int(input.pointee.consumed) + (pointer - base))
    }

    /// The parser's position (`plus` characters of one byte on, such as the `>` it stops on) as a place.
    func currentPlace(plus bytesAhead: Int = 0) -> SourcePlace {
        guard buffersTheFilesBytes, let input = context.pointee.input, let base = input.pointee.base,
              let cursor = input.pointee.cur
        else {
            let here = currentPosition()
            return .position(SourcePosition(line: here.line, column: here.column + bytesAhead))
        }
        return place(ofBuffer: cursor + bytesAhead, input: input, base: base)
    }

    /// The `<` of the tag the parser is in or has just finished, as a place (`tagStart()`). Attribute values cannot
    /// contain `<`, so the nearest one back is it.
    func tagStartPlace() -> SourcePlace {
        guard buffersTheFilesBytes, let input = context.pointee.input, let base = input.pointee.base,
              var cursor = input.pointee.cur
        else { return .position(tagStart()) }
        while cursor > base {
            cursor -= 1
            if cursor.pointee == UInt8(ascii: "<") { return place(ofBuffer: cursor, input: input, base: base) }
        }
        return currentPlace()
    }

    /// The places of the start and end of `text`, when it lies in libxml2's buffer of the file's own bytes.
    func bufferSpan(of text: UnsafeBufferPointer<UInt8>) -> (start: SourcePlace, end: SourcePlace)? {
        guard let first = text.baseAddress, buffersTheFilesBytes, let input = context.pointee.input,
              let base = input.pointee.base, let end = input.pointee.end, first >= base, first + text.count <= end
        else { return nil }
        return (place(ofBuffer: first, input: input, base: base),
                place(ofBuffer: first + text.count, input: input, base: base))
    }

    /// A place's line and column; the start of the file for one that has none, which the stream never makes.
    package func position(of place: SourcePlace) -> SourcePosition {
        source.position(of: place) ?? SourcePosition(line: 1, column: 1)
    }

    // MARK: - Walking back through the buffer

    /// The `<` that opens the tag the parser is in or has just finished. Attribute values cannot contain `<`, so
    /// the nearest one back is it.
    ///
    /// Asked for every tag, so the one walk back also counts what `parserPosition(ofBuffer:)` would count again.
    func tagStart() -> SourcePosition {
        guard let input = context.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur
        else { return currentPosition() }
        var characters = 0
        var lineFeeds = 0
        while cursor > base {
            cursor -= 1
            let byte = cursor.pointee
            if byte == UInt8(ascii: "<") {
                return translated(parserPosition(of: cursor, base: base, charactersUpToParser: characters + 1,
                                                 lineFeedsUpToParser: lineFeeds))
            }
            if byte == 0x0A { lineFeeds += 1 }
            if byte & 0xC0 != 0x80 { characters += 1 }
        }
        return currentPosition()
    }

    /// Where a missing `>` belonged: just after the last non-blank character before the parser's position, which
    /// may be at the end of the previous line rather than on the line where the parser noticed.
    func endOfPrecedingText() -> SourcePosition? {
        guard let input = context.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur
        else { return nil }
        while cursor > base {
            let previous = (cursor - 1).pointee
            guard previous == 0x20 || previous == 0x09 || previous == 0x0A || previous == 0x0D else { break }
            cursor -= 1
        }
        return translated(parserPosition(ofBuffer: cursor))
    }

    /// The `&` of the reference the parser is in or has just read, if it is near.
    func ampersandBeforeCursor() -> UnsafePointer<xmlChar>? {
        lastInBuffer(UInt8(ascii: "&"), stoppingAt: [UInt8(ascii: "<"), UInt8(ascii: ">")], within: 256)
    }

    /// The nearest `byte` before the parser's position, not looking past any of `stops`.
    func lastInBuffer(_ byte: UInt8, stoppingAt stops: [UInt8] = [], within limit: Int = .max) -> UnsafePointer<xmlChar>? {
        guard let input = context.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur
        else { return nil }
        let floor = cursor - base > limit ? cursor - limit : base
        let hasStops = !stops.isEmpty
        while cursor > floor {
            cursor -= 1
            if cursor.pointee == byte { return cursor }
            if hasStops, stops.contains(cursor.pointee) { return nil }
        }
        return nil
    }

    /// The nearest `pattern` before the parser's position (a `<!--` whose comment never ends, say).
    func lastInBuffer(_ pattern: [UInt8]) -> UnsafePointer<xmlChar>? {
        guard let input = context.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur,
              !pattern.isEmpty
        else { return nil }
        while cursor > base {
            cursor -= 1
            guard cursor.pointee == pattern[0], let end = input.pointee.end, end - cursor >= pattern.count else {
                continue
            }
            if pattern.indices.allSatisfy({ cursor[$0] == pattern[$0] }) { return cursor }
        }
        return nil
    }

    /// Up to `limit` bytes of the buffer from `start`, as text: what an author wrote, to quote back.
    func bufferText(from start: UnsafePointer<xmlChar>, upTo limit: Int, until stop: (UInt8) -> Bool) -> String {
        guard let end = context.pointee.input?.pointee.end else { return "" }
        var cursor = start
        while cursor < end, cursor - start < limit, !stop(cursor.pointee) { cursor += 1 }
        return String(decoding: UnsafeBufferPointer(start: start, count: cursor - start), as: UTF8.self)
    }

    /// The character at the parser's position, read without judging it: a surrogate encoded on its own comes back
    /// as itself, which libxml2 refuses and so must we, by name. Nil at the end or on a byte that is not UTF-8.
    func characterAtCursor() -> UInt32? {
        guard let input = context.pointee.input, let cursor = input.pointee.cur, let end = input.pointee.end,
              cursor < end
        else { return nil }
        let lead = UInt32(cursor.pointee)
        let (length, initial): (Int, UInt32) = switch lead {
        case 0..<0x80: (1, lead)
        case 0xC2..<0xE0: (2, lead & 0x1F)
        case 0xE0..<0xF0: (3, lead & 0x0F)
        case 0xF0..<0xF5: (4, lead & 0x07)
        default: (0, 0)
        }
        guard length > 0, end - cursor >= length else { return nil }
        var value = initial
        for index in 1..<length {
            let byte = UInt32(cursor[index])
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | byte & 0x3F
        }
        return value
    }

    /// Whether the parser has read all of its input: the buffer is used up and nothing is left to decode.
    var isAtEndOfInput: Bool {
        guard let input = context.pointee.input, let cursor = input.pointee.cur, let end = input.pointee.end
        else { return false }
        return cursor >= end && bytesRead >= bytes.count
    }

    /// Whether the parser has used up its buffer while bytes of the file remain: the decoder stopped early.
    var isInputCutShort: Bool {
        guard let input = context.pointee.input, let cursor = input.pointee.cur, let end = input.pointee.end
        else { return false }
        return cursor >= end && bytesRead < bytes.count
    }

    /// How many of the file's bytes the parser has read (libxml2 counts in the file's own encoding).
    var bytesRead: Int {
        let consumed = Int(xmlByteConsumed(context))
        return consumed < 0 ? bytes.count : consumed
    }

    // MARK: - Counting

    /// The position, as libxml2 counts, of `pointer` in its buffer: from the parser's own position, less the
    /// characters and LFs between them.
    func parserPosition(ofBuffer pointer: UnsafePointer<xmlChar>) -> SourcePosition {
        guard let input = context.pointee.input, let base = input.pointee.base, let current = input.pointee.cur
        else { return parserPosition() }
        var characters = 0
        var lineFeeds = 0
        var cursor = pointer
        while cursor < current {
            if cursor.pointee == 0x0A { lineFeeds += 1 }
            if cursor.pointee & 0xC0 != 0x80 { characters += 1 }
            cursor += 1
        }
        return parserPosition(of: pointer, base: base, charactersUpToParser: characters, lineFeedsUpToParser: lineFeeds)
    }

    /// The position of `pointer`, given how many characters and LFs lie between it (included) and the parser.
    private func parserPosition(of pointer: UnsafePointer<xmlChar>, base: UnsafePointer<xmlChar>,
                                charactersUpToParser characters: Int, lineFeedsUpToParser lineFeeds: Int)
        -> SourcePosition {
        let here = parserPosition()
        if lineFeeds == 0 { return SourcePosition(line: here.line, column: max(1, here.column - characters)) }
        return SourcePosition(line: here.line - lineFeeds, column: columnOf(pointer, base: base))
    }

    /// The column of `pointer` within its line as libxml2 counts it: characters since the previous LF, a lone CR
    /// being one of them.
    private func columnOf(_ pointer: UnsafePointer<xmlChar>, base: UnsafePointer<xmlChar>) -> Int {
        var cursor = pointer
        var column = 1
        while cursor > base {
            let byte = (cursor - 1).pointee
            if byte == 0x0A { break }
            if byte & 0xC0 != 0x80, !(byte == 0x0D && cursor.pointee == 0x0A) { column += 1 }
            cursor -= 1
        }
        return column
    }
}
