import CLibXML2

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
        /// Named references no HTML character has (`&check;` is HTML5's, not HTML 4's), as written, each once:
        /// they stay in the text, and the reader says so.
        var unknownReferences: [String] = []
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
        var unknown: [String] = []
        let decoded = decodeReferences(String(output), unknown: { name in
            if !unknown.contains(name) { unknown.append(name) }
        })
        return Converted(text: oneLine(decoded), media: media, unknownReferences: unknown)
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

    /// HTML's character references: numeric ones, and the named ones libxml2's HTML parser knows (HTML 4's 253,
    /// from `&nbsp;` to `&hearts;`). A name not known is left as written and given to `unknown` (`&check;`), and a
    /// reference to a character `allows` refuses is left as written. A no-break space becomes a space unless
    /// `keepingNoBreakSpace`: HTML editors put them where a person typed two spaces, while a subtitle's is meant.
    static func decodeReferences(_ text: String, keepingNoBreakSpace: Bool = false,
                                 allows: (Unicode.Scalar) -> Bool = { _ in true },
                                 unknown: (String) -> Void = { _ in }) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let semicolon = after.prefix(maximumReferenceLength).firstIndex(of: ";") {
                let name = after[..<semicolon]
                if let scalar = reference(name), allows(scalar) {
                    let value = scalar == "\u{A0}" && !keepingNoBreakSpace ? " " : String(Character(scalar))
                    output += value
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
                if isName(name), reference(name) == nil { unknown("&\(name);") }
            }
            output += "&"
            rest = after
        }
        return output + rest
    }

    /// What a reader says of a reference `decodeReferences` did not know, in the words an author can act on.
    static func unknownReferenceMessage(_ reference: String, in what: String) -> String {
        "'\(reference)' in \(what) names no character an HTML 4 reader knows, so it stays as written: type the " +
            "character itself instead"
    }

    /// Where `reference` is first written in `source`, in Unicode scalars from its start: how a reader places the
    /// warning, since references are left in the text as written.
    static func offset(of reference: String, in source: String) -> Int {
        let scalars = Array(source.unicodeScalars)
        let wanted = Array(reference.unicodeScalars)
        guard !wanted.isEmpty, scalars.count >= wanted.count else { return 0 }
        return (0...(scalars.count - wanted.count)).first { scalars[$0..<($0 + wanted.count)].elementsEqual(wanted) } ?? 0
    }

    /// The longest reference looked for, `;` included: HTML's longest names are shorter.
    private static let maximumReferenceLength = 32

    private static func reference(_ name: Substring) -> Unicode.Scalar? {
        if name.first == "#" {
            let digits = name.dropFirst()
            let hex = digits.first == "x" || digits.first == "X"
            guard let value = hex ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits), value != 0 else { return nil }
            return Unicode.Scalar(value)
        }
        guard isName(name) else { return nil }
        // `&apos;` is XML's and XHTML's; HTML 4's table lacks it, and Moodle's editors write it.
        if name == "apos" { return "'" }
        let entity = String(name).withCString { htmlEntityLookup(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
        return entity.flatMap { Unicode.Scalar($0.pointee.value) }
    }

    /// What a named reference may be: an ASCII letter, then letters and digits.
    private static func isName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
