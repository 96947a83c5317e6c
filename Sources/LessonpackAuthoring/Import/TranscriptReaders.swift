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
            case .subRip: Self.readCues(source, format: self)
            case .webVTT: Self.readWebVTT(source)
            }
        }
    }

    private static func readPlain(_ source: TextSource) -> ReadResult<ImportedLine> {
        var result = ReadResult<ImportedLine>()
        for line in source.lines where !line.text.allSatisfy(\.isWhitespace) {
            let text = CueText.collapseWhitespace(line.text)
            if let (speaker, said) = CueText.speakerPrefix(text) {
                result.items.append(ImportedLine(speaker: speaker, text: said, location: source.location(line.number)))
            } else {
                result.items.append(ImportedLine(speaker: nil, text: text, location: source.location(line.number)))
            }
        }
        return result
    }

    private static func readWebVTT(_ source: TextSource) -> ReadResult<ImportedLine> {
        guard let first = source.lines.first, first.text.hasPrefix("WEBVTT"),
              first.text.dropFirst(6).first.map({ $0 == " " || $0 == "\t" }) ?? true else {
            return ReadResult(diagnostics: [.error(.importSyntax, "not a WebVTT file: its first line must be " +
                                                   "'WEBVTT'", at: source.location(1))])
        }
        return readCues(source, format: .webVTT)
    }

    /// SubRip and WebVTT alike: blocks of an optional identifier, a timing line and the text.
    private static func readCues(_ source: TextSource, format: TranscriptFormat) -> ReadResult<ImportedLine> {
        var result = ReadResult<ImportedLine>()
        var blocks = source.blocks
        if format == .webVTT { blocks.removeFirst() }  // the WEBVTT line and its header
        for block in blocks {
            let head = block[0].text.trimmingAny(of: " \t")
            if format == .webVTT, ["NOTE", "STYLE", "REGION"].contains(where: { head == $0 || head.hasPrefix($0 + " ") || head.hasPrefix($0 + "\t") }) {
                continue
            }
            guard let timing = block.prefix(2).firstIndex(where: { $0.text.contains("-->") }) else {
                result.diagnostics.append(.error(.importSyntax, "expected a cue: an optional number or name, then " +
                                                 "'start --> end' on the next line", at: source.location(block[0].number)))
                continue
            }
            let timingLine = block[timing]
            switch CueTimes.range(timingLine.text, commaOrDot: format == .subRip) {
            case .failure(let problem):
                result.diagnostics.append(.error(.importSyntax, problem.message,
                                                 at: source.location(timingLine.number, column: problem.column)))
            case .success(let (start, end)):
                let payload = block[(timing + 1)...].map(\.text)
                guard !payload.isEmpty else {
                    result.diagnostics.append(.warning(.importSyntax, "the cue has no text; skipped",
                                                       at: source.location(timingLine.number)))
                    continue
                }
                let cueLines = lines(fromCue: payload, start: start, end: end,
                                     location: source.location(timingLine.number + 1))
                if cueLines.count > 1 {
                    result.diagnostics.append(.warning(.importUnsupported, "this cue holds \(cueLines.count) speakers " +
                        "('- ' lines or voices): it became \(cueLines.count) lines sharing its time by their length; " +
                        "check the times against the video", at: source.location(timingLine.number)))
                }
                result.items += cueLines
            }
        }
        return result
    }

    /// A cue is usually one line of the conversation. A cue of "- " lines, or with several WebVTT voices, is
    /// several people speaking: each part becomes its own line, with the cue's time shared in proportion to length.
    static func lines(fromCue payload: [String], start: Double, end: Double, location: SourceLocation) -> [ImportedLine] {
        let dashes: Set<Character> = ["-", "\u{2013}", "\u{2014}"]
        let dashed = payload.count > 1 && payload.allSatisfy { $0.first.map(dashes.contains) ?? false }
        // One "- " line is one speaker, dash and all.
        let undashed = payload.map { line in line.first.map(dashes.contains) == true ? String(line.drop { dashes.contains($0) || $0 == " " }) : line }
        let parts = dashed ? undashed.map { CueText.parse([$0]) }.filter { !$0.text.isEmpty }
                           : CueText.voiceParts(payload.count == 1 ? undashed : payload)
        let total = Double(max(1, parts.map(\.text.count).reduce(0, +)))
        var lines: [ImportedLine] = []
        var time = start
        for (index, part) in parts.enumerated() {
            let share = (end - start) * Double(part.text.count) / total
            let next = index == parts.count - 1 ? end : ((time + share) * 1000).rounded() / 1000
            let line = parts.count == 1 ? location
                : SourceLocation(file: location.file, line: (location.line ?? 1) + (dashed ? index : 0), column: 1)
            lines.append(ImportedLine(speaker: part.speaker, text: part.text, start: time, end: next, location: line))
            time = next
        }
        return lines
    }
}
