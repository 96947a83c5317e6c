internal import CLibXML2
import LessonpackDiagnostics

/// One error libxml2 raised, with what the reader found around it.
struct LibXMLError {
    var code: Int
    /// libxml2's own wording: used only to tell apart the cases one code covers, never shown.
    var text: String
    var strings: [String?]
    var number: Int
    /// The reference the error is about, as written (`&nbsp;`, `&#x2O1C;`, `&amp`), when there is one.
    var reference: String?
    /// What follows the `<` of the tag the parser is in (`!x`, `1b`), for a tag it cannot read.
    var afterLessThan: String?
    /// A quote closes one attribute and a name starts the next with no space between.
    var attributesRunTogether = false

    func has(_ phrase: String) -> Bool { text.contains(phrase) }
}

/// libxml2's messages are written for XML experts ("PCDATA invalid Char value 1"); authors get these instead.
/// Every case we can make libxml2 raise has its own sentence (LibXMLWordingTests feeds each one); anything else
/// gets a plain fallback with libxml2's error number, never libxml2's text.
enum LibXMLMessages {
    static let standardDoctype = "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" " +
        "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
    static let standardDeclaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    static let predefinedEntities = "&amp; &lt; &gt; &quot; &apos;"
    static let bareAmpersand = "a bare '&' in text: write '&amp;' for a literal '&'"
    static let missingGreaterThan = "expected '>' to close the tag"

    static func fallback(code: Int) -> String { "the XML is not well-formed here (parser error \(code))" }

    // MARK: - Elements and markup left open

    static func neverClosed(_ name: String, openedAt position: SourcePosition) -> String {
        "<\(name)> opened at \(position) is never closed"
    }

    static func foundWhileOpen(closing: String, open: String) -> String {
        "found </\(closing)> here, while <\(open)> was still open"
    }

    static func mismatch(closing: String, open: String) -> String {
        "closing tag '</\(closing)>' does not match the open '<\(open)>'"
    }

    static func openedHere(_ name: String) -> String { "<\(name)> is opened here" }

    static func fileEnds(before name: String, openedAt position: SourcePosition) -> String {
        "the file ends before <\(name)> opened at \(position) is closed"
    }

    static let fileEndsBeforeAnyElement = "the file ends before its root element is complete"

    enum Markup {
        case comment, cdata, processingInstruction

        var name: String {
            switch self {
            case .comment: "the comment"
            case .cdata: "the CDATA section"
            case .processingInstruction: "the processing instruction"
            }
        }

        var opening: [UInt8] {
            switch self {
            case .comment: Array("<!--".utf8)
            case .cdata: Array("<![CDATA[".utf8)
            case .processingInstruction: Array("<?".utf8)
            }
        }

        var closing: String {
            switch self {
            case .comment: "-->"
            case .cdata: "]]>"
            case .processingInstruction: "?>"
            }
        }
    }

    static func neverClosed(_ markup: Markup, openedAt position: SourcePosition?) -> String {
        let opened = position.map { " opened at \($0)" } ?? ""
        return "\(markup.name)\(opened) is never closed: end it with '\(markup.closing)'"
    }

    // MARK: - Characters and encodings

    static func forbiddenCharacter(_ value: UInt32) -> String {
        let kind = value < 0x20 ? "control character" : "character"
        return "the \(kind) \(codePoint(value)) cannot appear in XML; remove it"
    }

    static func notUTF8(firstInvalidByte byte: UInt8?, advice: EncodingAdvice) -> String {
        let shown = byte.map { " (byte \(hex($0)))" } ?? ""
        switch advice {
        case .windows1252(let example):
            let character = Windows1252.character(for: example).map { ", where \(hex(example)) is \($0)" } ?? ""
            return "the file is not valid UTF-8\(shown): it looks like Windows-1252\(character); save it as UTF-8, " +
                "or name that encoding in its first line: \(advice.declaration)"
        case .latin1:
            return "the file is not valid UTF-8\(shown): save it as UTF-8, or name its encoding in the first line, " +
                "e.g. \(advice.declaration)"
        }
    }

    static func notValidInItsEncoding(bytes: [UInt8], advice: EncodingAdvice) -> String {
        let shown = bytes.isEmpty ? "" : " (bytes " + bytes.map(hex).joined(separator: " ") + ")"
        return "the file's bytes are not valid in its encoding\(shown): save it as UTF-8, or name the encoding it " +
            "uses in the first line, e.g. \(advice.declaration)"
    }

    // MARK: - By libxml2's code

    static func describe(_ error: LibXMLError) -> String {
        let first = error.strings.first ?? nil
        switch error.code {
        case Int(XML_ERR_DOCUMENT_EMPTY.rawValue):
            return "file is empty or not XML"
        case Int(XML_ERR_DOCUMENT_END.rawValue), Int(XML_ERR_EXTRA_CONTENT.rawValue):
            return "extra content after the end of the document: an XML file has exactly one root element"
        case Int(XML_ERR_GT_REQUIRED.rawValue):
            return missingGreaterThan
        case Int(XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue):
            let name = first.map { "'\($0)' " } ?? ""
            return "\(missingGreaterThan): \(name)is neither '>' nor an attribute (name=\"value\")"
        case Int(XML_ERR_SPACE_REQUIRED.rawValue):
            return spaceRequired(error)
        case Int(XML_ERR_NAME_REQUIRED.rawValue):
            return nameRequired(error)
        case Int(XML_ERR_LT_IN_ATTRIBUTE.rawValue):
            return "a '<' inside an attribute value: is its closing quote missing? (write '&lt;' for a literal '<')"
        case Int(XML_ERR_ATTRIBUTE_NOT_STARTED.rawValue):
            return "an attribute value must be in quotes: name=\"value\""
        case Int(XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue):
            return "an attribute value is not closed with its quote"
        case Int(XML_ERR_ATTRIBUTE_REDEFINED.rawValue), Int(XML_NS_ERR_ATTRIBUTE_REDEFINED.rawValue):
            return "the attribute \(first.map { "'\($0)' " } ?? "")appears twice in this tag"
        case Int(XML_ERR_EQUAL_REQUIRED.rawValue):
            return "expected '=' between an attribute's name and its value (name=\"value\")"
        case Int(XML_ERR_HYPHEN_IN_COMMENT.rawValue):
            return "'--' cannot appear inside a comment: remove it, or end the comment before it with '-->'"
        case Int(XML_ERR_MISPLACED_CDATA_END.rawValue):
            return "']]>' cannot appear in text: write ']]&gt;'"
        case Int(XML_ERR_COMMENT_NOT_FINISHED.rawValue):
            return neverClosed(.comment, openedAt: nil)
        case Int(XML_ERR_CDATA_NOT_FINISHED.rawValue):
            return neverClosed(.cdata, openedAt: nil)
        case Int(XML_ERR_PI_NOT_STARTED.rawValue), Int(XML_ERR_PI_NOT_FINISHED.rawValue):
            return neverClosed(.processingInstruction, openedAt: nil)
        case Int(XML_ERR_RESERVED_XML_NAME.rawValue):
            if error.has("Invalid PI name") {
                return "names beginning with 'xml' are reserved: the XML declaration is written in lower case, " +
                    standardDeclaration
            }
            return "the XML declaration (<?xml …?>) must be the very first thing in the file: remove anything " +
                "before it, even a blank line or a space"
        case Int(XML_ERR_XMLDECL_NOT_FINISHED.rawValue), Int(XML_ERR_STRING_NOT_CLOSED.rawValue),
             Int(XML_ERR_VERSION_MISSING.rawValue):
            return "the XML declaration is malformed: write \(standardDeclaration)"
        case Int(XML_ERR_UNKNOWN_VERSION.rawValue), Int(XML_WAR_UNKNOWN_VERSION.rawValue):
            return "XML version \(first.map { "'\($0)' " } ?? "")is not supported: write version=\"1.0\""
        case Int(XML_ERR_STANDALONE_VALUE.rawValue):
            return "standalone in the XML declaration must be \"yes\" or \"no\""
        case Int(XML_ERR_UNSUPPORTED_ENCODING.rawValue), Int(XML_ERR_UNKNOWN_ENCODING.rawValue),
             Int(XML_ERR_ENCODING_NAME.rawValue):
            return "the encoding \(first.map { "'\($0)' " } ?? "")named in the XML declaration is not one this " +
                "reader knows: save the file as UTF-8 and write encoding=\"UTF-8\""
        case Int(XML_ERR_INVALID_ENCODING.rawValue):
            if error.has("UTF-16") {
                return "the XML declaration says UTF-16, but the file is not UTF-16: write encoding=\"UTF-8\" " +
                    "if it is UTF-8"
            }
            return "the file's bytes do not match the encoding its XML declaration names"
        case Int(XML_ERR_DOCTYPE_NOT_FINISHED.rawValue), Int(XML_ERR_URI_REQUIRED.rawValue),
             Int(XML_ERR_PUBID_REQUIRED.rawValue), Int(XML_ERR_LITERAL_NOT_STARTED.rawValue),
             Int(XML_ERR_LITERAL_NOT_FINISHED.rawValue):
            return malformedDoctype
        case Int(XML_ERR_INVALID_CHAR.rawValue), Int(XML_ERR_INVALID_HEX_CHARREF.rawValue),
             Int(XML_ERR_INVALID_DEC_CHARREF.rawValue):
            return characterReference(error)
        case Int(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue):
            return entityWithoutSemicolon(error.reference)
        case Int(XML_ERR_UNDECLARED_ENTITY.rawValue), Int(XML_WAR_UNDECLARED_ENTITY.rawValue):
            return unknownEntity(first ?? "")
        case Int(XML_ERR_NAME_TOO_LONG.rawValue):
            return "a name longer than 50,000 characters"
        case Int(XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue):
            let prefix = first ?? ""
            return "the prefix '\(prefix)' is not declared by any xmlns attribute: write the name without '\(prefix):'"
        case Int(XML_NS_ERR_QNAME.rawValue), Int(XML_NS_ERR_COLON.rawValue):
            return "a name may hold one ':' at most, between a prefix and a name"
        case Int(XML_NS_ERR_XML_NAMESPACE.rawValue), Int(XML_NS_ERR_EMPTY.rawValue):
            return "this namespace declaration (xmlns…) is not valid: remove it"
        case Int(XML_WAR_NS_URI.rawValue), Int(XML_WAR_NS_URI_RELATIVE.rawValue):
            return "the namespace name \(first.map { "'\($0)' " } ?? "")is not an absolute URI"
        case Int(XML_IO_ENCODER.rawValue):
            return "the file's bytes could not be converted from its encoding: save it as UTF-8"
        default:
            return fallback(code: error.code)
        }
    }

    private static let malformedDoctype = "this <!DOCTYPE …> is malformed; a property list's is \(standardDoctype)"

    private static func spaceRequired(_ error: LibXMLError) -> String {
        if error.has("attributes construct") {
            return error.attributesRunTogether ? "attributes must be separated by a space" : missingGreaterThan
        }
        if error.has("PUBLIC") || error.has("SYSTEM") || error.has("Public Identifier") || error.has("DOCTYPE") {
            return malformedDoctype
        }
        if error.has("PI") { return "a processing instruction needs a space after its name: <?name data?>" }
        return "the XML declaration is malformed: write \(standardDeclaration)"
    }

    private static func nameRequired(_ error: LibXMLError) -> String {
        if error.has("EntityRef") { return bareAmpersand }
        if error.has("DocType") || error.has("DOCTYPE") { return malformedDoctype }
        if error.has("attribute name") { return "\(missingGreaterThan), or an attribute (name=\"value\")" }
        if let markup = error.afterLessThan, markup.hasPrefix("!") {
            if markup.uppercased().hasPrefix("!DOCTYPE") {
                return "a <!DOCTYPE …> can only come once, before the root element"
            }
            return "'<!' starts neither a comment ('<!--') nor a CDATA section ('<![CDATA['): write '&lt;' for a " +
                "literal '<'"
        }
        if error.has("PI") { return "a processing instruction needs a name: <?name data?>" }
        return "a bare '<' in text, or a broken tag: write '&lt;' for a literal '<'"
    }

    // MARK: - References

    private static func characterReference(_ error: LibXMLError) -> String {
        let reference = error.reference.map { "'\($0)'" } ?? "this character reference"
        if error.has("out of bounds") {
            return "\(reference) is beyond U+10FFFF, the last Unicode character"
        }
        // `&#;` and `&#x;` reach libxml2 as a reference to U+0000.
        let hasDigits = error.reference?.dropFirst(2).contains { $0.isHexDigit } ?? true
        if error.code == Int(XML_ERR_INVALID_CHAR.rawValue), error.has("CharRef"), hasDigits {
            return "\(reference) stands for \(codePoint(UInt32(clamping: error.number))), which XML does not " +
                "allow; remove it"
        }
        if error.code == Int(XML_ERR_INVALID_CHAR.rawValue), !error.has("CharRef") {
            return forbiddenCharacter(UInt32(clamping: error.number))
        }
        return "\(reference) is not a character reference: write digits and then ';', as in '&#233;' or " +
            "'&#xE9;' (write '&amp;' for a literal '&')"
    }

    /// `&amp` or `&nbsp` without its `;`, or an `&` that starts no reference at all (`AT&T`).
    private static func entityWithoutSemicolon(_ reference: String?) -> String {
        guard let reference, reference.count > 1 else { return bareAmpersand }
        let name = String(reference.dropFirst())
        if ["amp", "lt", "gt", "quot", "apos"].contains(name) {
            return "'\(reference)' needs a ';' to end it: write '\(reference);'"
        }
        if htmlEntity(name) != nil { return unknownEntity(name) }
        return bareAmpersand
    }

    static func unknownEntity(_ name: String) -> String {
        guard let (value, description) = htmlEntity(name) else {
            return "unknown entity '&\(name);': XML knows only \(predefinedEntities) and numeric references like " +
                "&#233; (write '&amp;' for a literal '&')"
        }
        let scalar = Unicode.Scalar(value)
        let visible = scalar.map { !($0.properties.isWhitespace || $0.properties.generalCategory == .format) } ?? false
        let character = visible && scalar != nil ? " ('\(Character(scalar!))')" : ""
        let named = description.isEmpty ? "" : " (\(description))"
        return "'&\(name);' is an HTML entity; XML knows only \(predefinedEntities) and numeric references, so " +
            "write the character itself\(character) or '&#\(value);'\(named)"
    }

    /// libxml2's table of HTML's entities: the code point and a short description ("no-break space").
    private static func htmlEntity(_ name: String) -> (UInt32, String)? {
        guard let entity = htmlEntityLookup(name) else { return nil }
        let full = entity.pointee.desc.map { String(cString: $0) } ?? ""
        let description = full.prefix { $0 != "," && $0 != "=" }.trimmingSuffixWhitespace()
        return (UInt32(entity.pointee.value), description)
    }

    // MARK: - Helpers

    static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

private extension Substring {
    func trimmingSuffixWhitespace() -> String {
        var text = self
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
