/// Question text written as HTML (what Moodle's editors save) made into the plain one-line text a module holds:
/// tags removed, character references decoded, white space collapsed. Media cannot come along: an image, a
/// recording or a file Moodle stores beside the question (`@@PLUGINFILE@@/…`) is reported where it is written.
enum HTMLText {
    /// An image, a recording, an embedded object or a stored file the text refers to.
    struct Media: Equatable {
        /// In Unicode scalars from the start of the source text.
        var offset: Int
        /// "an image", for messages.
        var what: String
    }

    struct Converted: Equatable {
        var text: String
        var media: [Media]
    }

    /// Elements that show media, and how a message names them.
    private static let mediaElements: [String: String] = [
        "img": "an image", "image": "an image", "audio": "a recording", "video": "a video", "source": "a media file",
        "iframe": "an embedded page", "object": "an embedded object", "embed": "an embedded object",
    ]
    /// Elements that end a line or a block: a space stands for them, so words either side stay apart.
    private static let breakingElements: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5", "h6",
        "blockquote", "pre", "hr", "dt", "dd", "section", "article", "header", "footer",
    ]
    /// Elements whose content is not text for a reader.
    private static let hiddenElements: Set<String> = ["script", "style", "head", "title"]

    static let storedFileMarker = "@@PLUGINFILE@@"

    /// `html` as text. Tags are removed first and references decoded after, so `&lt;b&gt;` stays text.
    static func plain(_ html: String) -> Converted {
        let scalars = Array(html.unicodeScalars)
        var output = String.UnicodeScalarView()
        var media: [Media] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let tag = tag(in: scalars, at: index) {
                if let what = mediaElements[tag.name], !tag.isClosing {
                    media.append(Media(offset: index, what: what))
                } else if tag.text.contains(storedFileMarker) {
                    media.append(Media(offset: index, what: "a file stored with the question"))
                }
                if breakingElements.contains(tag.name) || mediaElements[tag.name] != nil { output.append(" ") }
                index = tag.end
                if hiddenElements.contains(tag.name), !tag.isClosing {
                    index = closing(tag.name, in: scalars, from: index) ?? scalars.count
                }
                continue
            }
            if scalar == "@", scalars[index...].starts(with: storedFileMarker.unicodeScalars) {
                media.append(Media(offset: index, what: "a file stored with the question"))
            }
            output.append(scalar)
            index += 1
        }
        return Converted(text: oneLine(decodeReferences(String(output))), media: media)
    }

    /// Text that is not HTML (Moodle's plain text and Markdown formats): kept as written, on one line. Stored files
    /// are still found: Markdown can show an image.
    static func literal(_ text: String) -> Converted {
        let scalars = Array(text.unicodeScalars)
        var media: [Media] = []
        for index in scalars.indices where scalars[index] == "@"
            && scalars[index...].starts(with: storedFileMarker.unicodeScalars) {
            media.append(Media(offset: index, what: "a file stored with the question"))
        }
        return Converted(text: oneLine(text), media: media)
    }

    /// Line breaks, tabs and runs of spaces as single spaces, none at either end.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private struct Tag {
        var name: String
        var isClosing: Bool
        /// The index just after the tag's `>`.
        var end: Int
        var text: String
    }

    static let maximumTagLength = 4096

    /// The tag starting at `start`, or nil when the `<` is text (`a < b`). Comments and declarations are tags
    /// with no name. Quoted attribute values may hold `>`.
    private static func tag(in scalars: [Unicode.Scalar], at start: Int) -> Tag? {
        guard start + 1 < scalars.count else { return nil }
        let next = scalars[start + 1]
        if next == "!" {
            if scalars[start...].starts(with: "<!--".unicodeScalars) {
                var cursor = start + 4
                while cursor < scalars.count, !scalars[cursor...].starts(with: "-->".unicodeScalars) { cursor += 1 }
                let end = min(cursor + 3, scalars.count)
                return Tag(name: "", isClosing: false, end: end, text: "")
            }
        } else if !(next == "/" || next.properties.isAlphabetic) {
            return nil
        }
        var cursor = start + 1
        var quote: Unicode.Scalar?
        // A tag longer than this is text with a stray '<': without the bound, a field of many '<a' would rescan
        // to its end from each one.
        let limit = min(scalars.count, start + maximumTagLength)
        while cursor < limit {
            let scalar = scalars[cursor]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                break
            }
            cursor += 1
        }
        guard cursor < limit else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[(start + 1)..<cursor])
        let body = String(text)
        let isClosing = body.hasPrefix("/")
        let name = (isClosing ? body.dropFirst() : Substring(body))
            .prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }.lowercased()
        return Tag(name: name, isClosing: isClosing, end: cursor + 1, text: body)
    }

    /// The index just after `</name>`, searching from `start`.
    private static func closing(_ name: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var cursor = start
        while cursor < scalars.count {
            if scalars[cursor] == "<", let tag = tag(in: scalars, at: cursor), tag.isClosing, tag.name == name {
                return tag.end
            }
            cursor += 1
        }
        return nil
    }

    /// HTML's character references: numeric ones, and the named ones editors write (Latin-1 letters and signs,
    /// typographic quotes and dashes). A name not known is left as written, and so is a reference to a character
    /// `allows` refuses. A no-break space becomes a space unless `keepingNoBreakSpace`: HTML editors put them where
    /// a person typed two spaces, while a subtitle's is meant.
    static func decodeReferences(_ text: String, keepingNoBreakSpace: Bool = false,
                                 allows: (Unicode.Scalar) -> Bool = { _ in true }) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let semicolon = after.prefix(12).firstIndex(of: ";"),
               let scalar = reference(after[..<semicolon]), allows(scalar) {
                let value = scalar == "\u{A0}" && !keepingNoBreakSpace ? " " : String(Character(scalar))
                output += value
                rest = after[after.index(after: semicolon)...]
                continue
            }
            output += "&"
            rest = after
        }
        return output + rest
    }

    private static func reference(_ name: Substring) -> Unicode.Scalar? {
        if name.first == "#" {
            let digits = name.dropFirst()
            let hex = digits.first == "x" || digits.first == "X"
            guard let value = hex ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits), value != 0 else { return nil }
            return Unicode.Scalar(value)
        }
        return namedReferences[String(name)]
    }

    /// HTML 4's Latin-1 references name U+00A0 to U+00FF in order; the rest are the common typographic ones.
    static let namedReferences: [String: Unicode.Scalar] = {
        let latin1 = """
            nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 \
            acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde \
            Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc \
            Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml \
            aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc \
            otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml
            """.split(separator: " ")
        var table: [String: Unicode.Scalar] = [:]
        for (offset, name) in latin1.enumerated() { table[String(name)] = Unicode.Scalar(0xA0 + UInt32(offset)) }
        let others: [String: UInt32] = [
            "quot": 0x22, "amp": 0x26, "apos": 0x27, "lt": 0x3C, "gt": 0x3E, "OElig": 0x152, "oelig": 0x153,
            "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC,
            "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D, "lrm": 0x200E,
            "rlm": 0x200F, "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A,
            "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E, "dagger": 0x2020, "Dagger": 0x2021, "bull": 0x2022,
            "hellip": 0x2026, "permil": 0x2030, "prime": 0x2032, "Prime": 0x2033, "lsaquo": 0x2039,
            "rsaquo": 0x203A, "euro": 0x20AC, "trade": 0x2122, "larr": 0x2190, "rarr": 0x2192, "minus": 0x2212,
        ]
        for (name, value) in others { table[name] = Unicode.Scalar(value) }
        return table
    }()
}
