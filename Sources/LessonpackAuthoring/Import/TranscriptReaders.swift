import LessonpackDiagnostics

/// Reads a conversation from the forms authors have it in. Each reader returns the lines it could read and a
/// located diagnostic for each it could not; none stops at the first problem.
package enum TranscriptFormat: String, CaseIterable, Sendable {
    /// `Speaker: what they say`, one line each; blank lines ignored.
    case plain
    /// SubRip (.srt): numbered cues with `00:00:01,000 --> 00:00:04,000` times.
    case subRip = "srt"
    /// WebVTT (.vtt): `WEBVTT`, then cues with `00:01.000 --> 00:04.000` times and `<v Name>` voices.
    case webVTT = "vtt"

    /// From the file's extension: .srt, .vtt, anything else plain text.
    package static func guess(forFile path: String) -> TranscriptFormat {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".srt") { return .subRip }
        if lowered.hasSuffix(".vtt") || lowered.hasSuffix(".webvtt") { return .webVTT }
        return .plain
    }

    package func read(_ bytes: [UInt8], file: String) -> ReadResult<ImportedLine> {
        .reading(bytes, file: file) { source in
            switch self {
            case .plain: Self.readPlain(source)
            case .subRip: Self.readSubRip(source)
            case .webVTT: WebVTTReader.read(source)
            }
        }
    }

    private static func readPlain(_ source: TextSource) -> ReadResult<ImportedLine> {
        var result = ReadResult<ImportedLine>()
        for line in source.lines where !line.text.allSatisfy(\.isWhitespace) {
            let text = CueText.collapseWhitespace(writable(line, in: source, reporting: &result.diagnostics).text)
            guard !text.isEmpty else { continue }
            if let (speaker, said) = CueText.speakerPrefix(text) {
                result.items.append(ImportedLine(speaker: speaker, text: said, location: source.location(line.number)))
            } else {
                result.items.append(ImportedLine(speaker: nil, text: text, location: source.location(line.number)))
            }
        }
        return result
    }

    /// SubRip has no specification; this reads what players accept: blocks of lines parted by blank ones (or
    /// ones of spaces), each an optional number, a timing line and the text. WebVTT has its own reader, which
    /// follows its specification's parser (WebVTTReader).
    private static func readSubRip(_ source: TextSource) -> ReadResult<ImportedLine> {
        var result = ReadResult<ImportedLine>()
        for block in source.blocks {
            guard let timing = block.prefix(2).firstIndex(where: { $0.text.contains("-->") }) else {
                result.diagnostics.append(.error(.importSyntax, "expected a cue: an optional number or name, then " +
                                                 "'start --> end' on the next line", at: source.location(block[0].number)))
                continue
            }
            let timingLine = block[timing]
            switch CueTimes.range(timingLine.text) {
            case .failure(let problem):
                result.diagnostics.append(.error(.importSyntax, problem.message,
                                                 at: source.location(timingLine.number, column: problem.column)))
            case .success(let (start, end)):
                appendCue(Array(block[(timing + 1)...]), start: start, end: end, timingLine: timingLine.number,
                          source: source, to: &result)
            }
        }
        return result
    }

    /// Adds a timed cue's lines of the conversation to `result`, saying when the cue had to be split between
    /// speakers or had no text to take.
    static func appendCue(_ payload: [TextSource.Line], start: Double, end: Double, timingLine: Int,
                          source: TextSource, to result: inout ReadResult<ImportedLine>) {
        let text = payload.map { writable($0, in: source, reporting: &result.diagnostics) }
            .filter { !$0.text.allSatisfy(\.isWhitespace) }
        let cueLines = lines(fromCue: text, start: start, end: end, file: source.file)
        guard !cueLines.isEmpty else {
            result.diagnostics.append(.warning(.importSyntax, "the cue has no text; skipped",
                                               at: source.location(timingLine)))
            return
        }
        if cueLines.count > 1 {
            result.diagnostics.append(.warning(.importUnsupported, "this cue holds \(cueLines.count) speakers " +
                "('- ' lines or voices): it became \(cueLines.count) lines sharing its time by their length; " +
                "check the times against the video", at: source.location(timingLine)))
        }
        result.items += cueLines
    }

    /// The line without the characters a module file cannot hold (see CueText.isWritable), each reported where
    /// it was: a transcript line is text, and one stray control character should not stop the whole import.
    static func writable(_ line: TextSource.Line, in source: TextSource,
                         reporting diagnostics: inout [Diagnostic]) -> TextSource.Line {
        guard !line.text.unicodeScalars.allSatisfy(CueText.isWritable) else { return line }
        var kept = ""
        for (offset, character) in line.text.enumerated() {
            guard let bad = character.unicodeScalars.first(where: { !CueText.isWritable($0) }) else {
                kept.append(character)
                continue
            }
            let hex = String(bad.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            diagnostics.append(.warning(.importSyntax, (bad.value < 0x20 ? "the control character " : "the noncharacter ") +
                                        code + " cannot be kept in a transcript; dropped",
                                        at: source.location(line.number, column: offset + 1)))
        }
        return TextSource.Line(number: line.number, text: kept)
    }

    /// A cue is usually one line of the conversation. A cue of "- " lines, or with several WebVTT voices, is
    /// several people speaking: each part becomes its own line, with the cue's time shared in proportion to length.
    static func lines(fromCue payload: [TextSource.Line], start: Double, end: Double, file: String) -> [ImportedLine] {
        guard let first = payload.first else { return [] }
        let dashes: Set<Character> = ["-", "\u{2013}", "\u{2014}"]
        let dashed = payload.count > 1 && payload.allSatisfy { $0.text.first.map(dashes.contains) ?? false }
        // One "- " line is one speaker, dash and all.
        let undashed = payload.map { line in
            line.text.first.map(dashes.contains) == true ? String(line.text.drop { dashes.contains($0) || $0 == " " }) : line.text
        }
        // Each part with the line it starts on: a dashed line's own, else the cue's first.
        let parts: [(CueText.Parsed, line: Int)] = dashed
            ? zip(undashed, payload).map { (CueText.parse([$0]), $1.number) }.filter { !$0.0.text.isEmpty }
            : CueText.voiceParts(payload.count == 1 ? undashed : payload.map(\.text)).map { ($0, first.number) }
        let total = Double(max(1, parts.map(\.0.text.count).reduce(0, +)))
        var lines: [ImportedLine] = []
        var time = start
        for (index, (part, line)) in parts.enumerated() {
            let share = (end - start) * Double(part.text.count) / total
            let next = index == parts.count - 1 ? end : ((time + share) * 1000).rounded() / 1000
            lines.append(ImportedLine(speaker: part.speaker, text: part.text, start: time, end: next,
                                      location: SourceLocation(file: file, line: line, column: 1)))
            time = next
        }
        return lines
    }
}
