import LessonpackDiagnostics
import LessonpackModel

/// WebVTT, read step for step as the W3C specification's parser reads it (WebVTT, "Parsing": "WebVTT parser
/// algorithm", "collect a WebVTT block", "collect WebVTT cue timings and settings", "collect a WebVTT timestamp"),
/// so an import takes exactly the cues a browser would show.
///
/// Once past the signature the specification's parser never fails: it recovers from whatever the syntax forbids.
/// This reader recovers the same way. A warning says so where the author probably meant something else (no blank
/// line before a cue's times, "-->" in a comment or an identifier), and an error where a cue is lost (times that
/// are not times, a cue that ends before it starts). Cue settings and STYLE and REGION blocks are read past:
/// a transcript has no use for them.
enum WebVTTReader {
    static func read(_ source: TextSource) -> ReadResult<ImportedLine> {
        var parser = Parser(source)
        parser.run()
        return parser.result
    }

    /// What "collect a WebVTT block" collected.
    private struct Block {
        /// The specification's buffer: a cue's text once its times are read, else every line of the block.
        var buffer: [TextSource.Line] = []
        /// The lines before a timing line (the spec's "cue identifier").
        var identifier: [TextSource.Line] = []
        var timing: (line: TextSource.Line, times: Result<WebVTTTimings.Times, CueTimes.Problem>)?
        var isStyleOrRegion = false
        /// The line with "-->" that ended the block in place of a blank line; it starts the next block.
        var endedBy: TextSource.Line?
    }

    private struct Parser {
        let source: TextSource
        /// The input after the specification's preprocessing: TextSource has already ended lines at CR, LF and
        /// CRLF, exactly the spec's line terminators; here a NUL becomes U+FFFD and a leading BOM goes.
        let lines: [TextSource.Line]
        /// The column of each line's first NUL, to say why its text holds U+FFFD.
        let nulColumns: [Int: Int]
        /// The spec's `position`, which between lines is always at the start of one: an index into `lines`.
        var position = 0
        /// The spec's `seen cue`: STYLE and REGION blocks count only before the first cue.
        var seenCue = false
        var result = ReadResult<ImportedLine>()

        init(_ source: TextSource) {
            self.source = source
            var nulColumns: [Int: Int] = [:]
            lines = source.lines.map { line in
                var text = line.text
                // UTF-8 decoding drops a BOM (TextSource); one left by UTF-16 decoding is dropped here.
                if line.number == 1, text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
                guard text.unicodeScalars.contains("\0") else { return TextSource.Line(number: line.number, text: text) }
                nulColumns[line.number] = (text.firstIndex { $0.unicodeScalars.contains("\0") }).map {
                    text.distance(from: text.startIndex, to: $0) + 1
                }
                let replaced = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
                return TextSource.Line(number: line.number, text: replaced)
            }
            self.nulColumns = nulColumns
        }

        mutating func run() {
            // The signature: "WEBVTT" alone or followed by a space or a tab, then anything, on the first line.
            guard let first = lines.first, Self.isSignature(first.text) else {
                result.diagnostics.append(.error(.importSyntax, "not a WebVTT file: its first line must be 'WEBVTT'",
                                                 at: source.location(1)))
                return
            }
            position = 1
            guard position < lines.count else { return }
            // "Header": what follows the signature line up to a blank line, or up to a line with "-->", which is
            // then the first cue's.
            if lines[position].text.isEmpty {
                position += 1
            } else {
                let header = collectBlock(inHeader: true)
                if let next = header.endedBy {
                    warnNoBlankLine(before: next, "no blank line after the WEBVTT header: these times start the " +
                                    "first cue, as players read them")
                }
            }
            skipBlankLines()
            // "Block loop".
            while position < lines.count {
                take(collectBlock(inHeader: false))
                skipBlankLines()
            }
        }

        private static func isSignature(_ line: String) -> Bool {
            let scalars = Array(line.unicodeScalars)
            return scalars.starts(with: "WEBVTT".unicodeScalars) && (scalars.count == 6 || scalars[6] == " " || scalars[6] == "\t")
        }

        private mutating func skipBlankLines() {
            while position < lines.count, lines[position].text.isEmpty { position += 1 }
        }

        /// "Collect a WebVTT block". The spec walks a string; here `position` moves a line at a time, and a line
        /// that ends the block with "-->" is left unread (the spec's "let position be previous position").
        private mutating func collectBlock(inHeader: Bool) -> Block {
            var block = Block()
            var lineCount = 0
            var seenArrow = false
            while position < lines.count {
                let line = lines[position]
                lineCount += 1
                if line.text.utf8.contains("-->".utf8) {
                    // A line with "-->" is the block's timing line when it comes first, or second after an
                    // identifier; anywhere else it starts the next block. Never in the header.
                    guard !inHeader, lineCount == 1 || (lineCount == 2 && !seenArrow) else {
                        block.endedBy = line
                        break
                    }
                    seenArrow = true
                    position += 1
                    let times = WebVTTTimings.parse(line.text)
                    block.timing = (line, times)
                    block.identifier = block.buffer
                    if case .success = times {
                        block.buffer = []
                        seenCue = true
                    }
                    continue
                }
                position += 1
                // Only an empty line ends a block: one of spaces is text, as the spec says.
                if line.text.isEmpty { break }
                if !inHeader, lineCount == 2, !seenCue, let keyword = block.buffer.first.map({ Self.keyword($0.text) }),
                   keyword == "STYLE" || keyword == "REGION" {
                    block.isStyleOrRegion = true
                    block.buffer = []
                }
                block.buffer.append(line)
            }
            return block
        }

        /// "STYLE" or "REGION" when the line is that word and then only ASCII whitespace, as the spec has it.
        private static func keyword(_ line: String) -> String? {
            for word in ["STYLE", "REGION"] where line.hasPrefix(word) {
                if line.unicodeScalars.dropFirst(word.count).allSatisfy(WebVTTTimings.isASCIIWhitespace) { return word }
            }
            return nil
        }

        /// A comment block: "NOTE" alone or followed by a space or a tab (the syntax's "WebVTT comment block").
        private static func isComment(_ line: String) -> Bool {
            line == "NOTE" || line.hasPrefix("NOTE ") || line.hasPrefix("NOTE\t")
        }

        /// What the parser would add to its cue list, as lines of the conversation, and what to tell the author.
        private mutating func take(_ block: Block) {
            let firstLine = block.identifier.first ?? block.timing?.line ?? block.buffer.first
            switch block.timing?.times {
            case .success(let times)?:
                let timingLine = block.timing!.line
                if let name = block.identifier.first, Self.isComment(name.text) {
                    result.diagnostics.append(.warning(.importSyntax, "a comment cannot contain '-->': players read " +
                        "this NOTE and the times under it as a cue, and so does the import", at: source.location(name.number)))
                }
                if times.end <= times.start {
                    result.diagnostics.append(.error(.importSyntax, times.end == times.start
                        ? "the cue ends when it starts" : "the cue ends before it starts",
                        at: source.location(timingLine.number, column: times.endColumn)))
                } else if times.end > TimeText.longest {
                    result.diagnostics.append(.error(.importSyntax, "a time in the video runs up to 99:59:59.999",
                                                     at: source.location(timingLine.number, column: times.endColumn)))
                } else {
                    for line in block.buffer {
                        if let column = nulColumns[line.number] {
                            result.diagnostics.append(.warning(.importSyntax, "a NUL character, read as U+FFFD (\u{FFFD}) " +
                                "as WebVTT says", at: source.location(line.number, column: column)))
                        }
                    }
                    TranscriptFormat.appendCue(block.buffer, start: times.start, end: times.end,
                                               timingLine: timingLine.number, source: source, to: &result)
                }
            case .failure(let problem)?:
                let timingLine = block.timing!.line
                if block.identifier.isEmpty, block.buffer.isEmpty, block.endedBy != nil {
                    // The spec reads a first line with "-->" as times whatever else it holds, so an identifier
                    // with "-->" is a timing line that fails; the cue's own times, next, start a new block.
                    result.diagnostics.append(.warning(.importSyntax, "a cue identifier cannot contain '-->': this " +
                        "line is read as times that are not, and skipped; the cue starts on the next line",
                        at: source.location(timingLine.number)))
                    return
                }
                result.diagnostics.append(.error(.importSyntax, problem.message,
                                                 at: source.location(timingLine.number, column: problem.column)))
            case nil:
                guard let first = firstLine, !block.isStyleOrRegion, !Self.isComment(first.text),
                      Self.keyword(first.text) == nil, !block.buffer.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) })
                else { break }
                result.diagnostics.append(.error(.importSyntax, "expected a cue: an optional number or name, then " +
                                                 "'start --> end' on the next line", at: source.location(first.number)))
            }
            guard let next = block.endedBy else { return }
            if block.timing == nil, let first = firstLine, Self.isComment(first.text) {
                warnNoBlankLine(before: next, "a comment cannot contain '-->': the NOTE ends here and these times " +
                                "start a cue, as players read them")
            } else {
                warnNoBlankLine(before: next, "no blank line before these times: they start a new cue, as players " +
                                "read them (a blank line should end the cue above)")
            }
        }

        /// A line of spaces before the times looks blank to the author and ends up as the one it looks like, so
        /// it gets no warning.
        private mutating func warnNoBlankLine(before line: TextSource.Line, _ message: String) {
            let above = lines[line.number - 2]
            guard !above.text.allSatisfy(\.isWhitespace) else { return }
            result.diagnostics.append(.warning(.importSyntax, message, at: source.location(line.number)))
        }
    }
}

/// "Collect WebVTT cue timings and settings" and "collect a WebVTT timestamp", on a line's code points, with the
/// column (in characters) where a line that fails them went wrong.
enum WebVTTTimings {
    struct Times {
        var start: Double
        var end: Double
        /// Where the end time starts, for what the spec allows and a transcript cannot (an end before the start).
        var endColumn: Int
    }

    /// The spec's "skip whitespace" is HTML's ASCII whitespace: tab, LF, FF, CR and space (VT is not).
    static func isASCIIWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r" || scalar == " "
    }

    static func parse(_ line: String) -> Result<Times, CueTimes.Problem> {
        var scanner = Scanner(Array(line.unicodeScalars))
        func failure(at offset: Int, _ message: String) -> Result<Times, CueTimes.Problem> {
            .failure(CueTimes.Problem(column: column(ofScalar: offset, in: line), message: message))
        }
        func notATime(at offset: Int) -> Result<Times, CueTimes.Problem> {
            let token = scanner.token(from: offset)
            return token.isEmpty ? failure(at: offset, "expected the start time before '-->'")
                : failure(at: offset, "'\(token)' is not a time like 00:01:02.500 or 01:02.500")
        }
        scanner.skipWhitespace()
        let startOffset = scanner.position
        guard let start = scanner.timestamp() else { return notATime(at: startOffset) }
        let afterStart = scanner.position
        scanner.skipWhitespace()
        guard scanner.skip("-->") else {
            // Something glued to the time ("00:01.000x") makes it not a time, as the author sees it.
            return scanner.position == afterStart && scanner.current != "-" ? notATime(at: startOffset)
                : failure(at: scanner.position, "expected '-->' after the start time")
        }
        let afterArrow = scanner.position
        scanner.skipWhitespace()
        let endOffset = scanner.position
        guard scanner.current != nil else { return failure(at: afterArrow, "expected the end time after '-->'") }
        guard let end = scanner.timestamp() else {
            return failure(at: endOffset, "'\(scanner.token(from: endOffset, stoppingAtArrow: false))' is not a time " +
                           "like 00:01:02.500 or 01:02.500")
        }
        // The rest is the cue settings ("parse the WebVTT cue settings"), which skip whatever they do not know
        // and so never fail; a transcript has no use for them.
        return .success(Times(start: start, end: end, endColumn: column(ofScalar: endOffset, in: line)))
    }

    /// The 1-based column, in characters as an editor counts them, of the code point at `offset`.
    static func column(ofScalar offset: Int, in line: String) -> Int {
        var scalars = 0
        var column = 1
        for character in line {
            scalars += character.unicodeScalars.count
            if scalars > offset { return column }
            column += 1
        }
        return column
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func skipWhitespace() {
            while let scalar = current, WebVTTTimings.isASCIIWhitespace(scalar) { position += 1 }
        }

        mutating func skip(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            guard scalars[position...].starts(with: wanted) else { return false }
            position += wanted.count
            return true
        }

        /// "Collect a sequence of code points" that are ASCII digits.
        mutating func digits() -> String {
            var collected = String.UnicodeScalarView()
            while let scalar = current, ("0"..."9").contains(scalar) {
                collected.append(scalar)
                position += 1
            }
            return String(collected)
        }

        /// "Collect a WebVTT timestamp": `[h…h:]mm:ss.ttt`, hours of any number of digits (more than two, or a
        /// first field over 59, means hours), minutes and seconds of exactly two and under 60, milliseconds of
        /// exactly three. Seconds, or nil where the spec returns an error.
        mutating func timestamp() -> Double? {
            guard let first = current, ("0"..."9").contains(first) else { return nil }
            let field1 = digits()
            // Any number of digits: a Double holds them all, where an Int would overflow.
            var value1 = Double(field1)!
            let hours = field1.count != 2 || value1 > 59
            guard skip(":") else { return nil }
            let field2 = digits()
            guard field2.count == 2 else { return nil }
            var value2 = Double(field2)!
            let value3: Double
            if hours || current == ":" {
                guard skip(":") else { return nil }
                let field3 = digits()
                guard field3.count == 2 else { return nil }
                value3 = Double(field3)!
            } else {
                (value3, value2, value1) = (value2, value1, 0)
            }
            guard skip(".") else { return nil }
            let field4 = digits()
            guard field4.count == 3, value2 <= 59, value3 <= 59 else { return nil }
            return value1 * 3600 + value2 * 60 + value3 + Double(field4)! / 1000
        }

        /// What the author would call the time that failed, for the message: from `offset` to the next whitespace
        /// (or, for a start time, the arrow).
        func token(from offset: Int, stoppingAtArrow: Bool = true) -> String {
            var end = offset
            while end < scalars.count, !WebVTTTimings.isASCIIWhitespace(scalars[end]),
                  !(stoppingAtArrow && scalars[end...].starts(with: "-->".unicodeScalars)) {
                end += 1
            }
            return String(String.UnicodeScalarView(scalars[offset..<end]))
        }
    }
}
