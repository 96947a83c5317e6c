/// The text of a subtitle cue or transcript line, as a transcript wants it: markup removed (WebVTT's <v>, <i>,
/// <c.class>, timestamps; SubRip's <i>, <font>, {\an8}), character references decoded, lines joined, and the
/// speaker taken from a voice tag or a "Name:" prefix.
enum CueText {
    struct Parsed: Equatable {
        var speaker: String?
        var text: String
    }

    /// `payload` is the cue's lines. A voice tag names the speaker; failing that, a "Name: " at the start.
    static func parse(_ payload: [String]) -> Parsed {
        var speaker: String?
        var pieces: [String] = []
        for line in payload {
            let (text, voice) = stripMarkup(line)
            if speaker == nil, let voice { speaker = voice }
            pieces.append(text)
        }
        var text = collapseWhitespace(pieces.joined(separator: " "))
        if speaker == nil, let (name, rest) = speakerPrefix(text) {
            speaker = name
            text = rest
        }
        return Parsed(speaker: speaker, text: text)
    }

    /// A cue split at each voice tag after the first: WebVTT lets one cue hold several speakers
    /// (`<v Esme>It's a blue apple tree!` / `<v Mary>No way!`). One part for a cue with one voice or none.
    static func voiceParts(_ payload: [String]) -> [Parsed] {
        let text = payload.joined(separator: "\n")
        var pieces: [String] = []
        var current = ""
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("<v"), rest.dropFirst(2).first.map({ $0 == " " || $0 == "." || $0 == "\t" }) == true,
               !current.allSatisfy(\.isWhitespace) {
                pieces.append(current)
                current = ""
            }
            current.append(text[index])
            index = text.index(after: index)
        }
        pieces.append(current)
        return pieces.map { parse($0.split(separator: "\n").map(String.init)) }.filter { !$0.text.isEmpty }
    }

    /// "Helen Clarke: Good morning." → ("Helen Clarke", "Good morning."). A name is one to four words of letters
    /// (with ' . -), starting with a capital, then a colon and a space: "Note: this" would match, "at 10:30" not.
    static func speakerPrefix(_ text: String) -> (String, String)? {
        guard let colon = text.firstIndex(of: ":"), text[text.index(after: colon)...].first == " " else { return nil }
        let name = text[..<colon].trimmingAny(of: " \t")
        let words = name.split(separator: " ")
        guard (1...4).contains(words.count), name.count <= 40, let first = name.first, first.isUppercase,
              name.allSatisfy({ $0.isLetter || $0 == " " || $0 == "'" || $0 == "." || $0 == "-" || $0 == "\u{2019}" })
        else { return nil }
        let rest = text[text.index(after: colon)...].trimmingAny(of: " \t")
        return rest.isEmpty ? nil : (name, rest)
    }

    /// The line without tags, and the name in its first <v> tag if it has one.
    static func stripMarkup(_ line: String) -> (String, String?) {
        var output = ""
        var voice: String?
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "<", let close = line[index...].firstIndex(of: ">") {
                let tag = line[line.index(after: index)..<close]
                if voice == nil, tag.first == "v", tag.dropFirst().first.map({ $0 == " " || $0 == "." || $0 == "\t" }) == true,
                   let space = tag.firstIndex(where: { $0 == " " || $0 == "\t" }) {
                    let name = collapseWhitespace(decodeReferences(tag[space...].trimmingAny(of: " \t")))
                    if !name.isEmpty { voice = name }
                }
                index = line.index(after: close)
            } else if character == "{", line[index...].hasPrefix("{\\"), let close = line[index...].firstIndex(of: "}") {
                // SubRip files from Aegisub carry ASS override tags such as {\an8}.
                index = line.index(after: close)
            } else {
                output.append(character)
                index = line.index(after: index)
            }
        }
        return (decodeReferences(output), voice)
    }

    /// Character references in cue text, as HTML reads them (WebVTT's own are a subset): a no-break space stays
    /// one, and a reference to a character the module file cannot hold (&#7;) stays as written, like an unknown one.
    static func decodeReferences(_ text: String) -> String {
        HTMLText.decodeReferences(text, keepingNoBreakSpace: true, allows: isWritable)
    }

    /// Runs of spaces as one space. A transcript line is one line, so the characters that break lines in some
    /// programs but not in the formats we read (VT, FF, NEL, U+2028, U+2029: see TextSource) are spaces here too:
    /// kept as they are, VT and FF could not even be written to the module's XML.
    static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: isSpace).joined(separator: " ")
    }

    static func isSpace(_ character: Character) -> Bool {
        switch character {
        case " ", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// Whether a transcript line can keep `scalar`. XML 1.0, which module files are, cannot hold the C0 control
    /// characters other than tab, LF and CR, nor U+FFFE and U+FFFF; a reader drops them with a warning at their
    /// column instead of letting the import fail when the module file is written. VT and FF are not here: they
    /// are read as spaces (`isSpace`).
    static func isWritable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0B, 0x0C: true
        case 0x00..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}

extension StringProtocol {
    /// Line breaks as spaces: imported text becomes one line of a transcript, a question or a definition.
    var newlinesAsSpaces: String { String(map { $0.isNewline ? " " : $0 }) }

    func trimmingAny(of set: String) -> String {
        let isTrimmed = { (character: Character) in set.contains(character) }
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(self[first...last])
    }
}
