internal import CLibXML2

/// libxml2's messages are written for XML experts ("StartTag: invalid element name"). The ones an author meets
/// most get a plainer wording; the rest keep libxml2's text, tidied to read like our other messages.
enum LibXMLMessages {
    static func describe(code: Int, libxmlMessage: String?, arguments: [String?]) -> String {
        let raw = tidy(libxmlMessage ?? "XML error \(code)")
        switch code {
        case Int(XML_ERR_GT_REQUIRED.rawValue):
            return "expected '>' to close the tag"
        case Int(XML_ERR_TAG_NAME_MISMATCH.rawValue):
            if let opened = arguments[0], let closed = arguments[1] {
                return "closing tag '</\(closed)>' does not match the open '<\(opened)>'"
            }
            return raw
        case Int(XML_ERR_TAG_NOT_FINISHED.rawValue):
            if let name = arguments[0] { return "'<\(name)>' is never closed: the file ends first" }
            return raw
        case Int(XML_ERR_UNDECLARED_ENTITY.rawValue), Int(XML_WAR_UNDECLARED_ENTITY.rawValue):
            let name = arguments[0] ?? "?"
            return "unknown entity '&\(name);': only &amp; &lt; &gt; &quot; &apos; and character references " +
                "like &#233; are allowed (write '&amp;' for a literal '&')"
        case Int(XML_ERR_NAME_REQUIRED.rawValue) where raw.contains("EntityRef"),
             Int(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue):
            return "a bare '&' in text: write '&amp;' for a literal '&'"
        case Int(XML_ERR_NAME_REQUIRED.rawValue) where raw.contains("startTag"):
            return "a bare '<' in text, or a broken tag: write '&lt;' for a literal '<'"
        case Int(XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue):
            return "expected '>' to close the tag (found text that is neither '>' nor an attribute)"
        case Int(XML_ERR_INVALID_CHAR.rawValue) where raw.contains("UTF-8"):
            let bytes = raw.split(separator: "\n").last.map { " (" + $0.lowercased() + ")" } ?? ""
            return "the file is not valid UTF-8\(bytes): save it as UTF-8, or name its encoding in the first line, " +
                "e.g. <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"
        case Int(XML_I18N_CONV_FAILED.rawValue):
            let bytes = raw.split(separator: ",").last.map { " (" + $0.trimmingPrefix(" ") + ")" } ?? ""
            return "the file's bytes are not valid in its encoding\(bytes): save it as UTF-8, or name the encoding " +
                "it uses in the first line, e.g. <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"
        case Int(XML_ERR_DOCUMENT_EMPTY.rawValue):
            return "file is empty or not XML"
        case Int(XML_ERR_EXTRA_CONTENT.rawValue):
            return "extra content after the end of the document"
        default:
            return raw
        }
    }

    private static func tidy(_ message: String) -> String {
        var text = Substring(message)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        if let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false) {
            text = Substring(first.lowercased() + text.dropFirst())
        }
        return String(text)
    }
}
