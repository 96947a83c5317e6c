import LessonpackDiagnostics

/// An attribute of a start tag, with its prefix folded into the name (`xml:lang`).
package struct XMLAttribute: Hashable, Sendable {
    package var name: String
    package var value: String
}

/// Receives the document as a stream of events, each with the place a person would point at, whose line and column
/// are counted only when asked for (`XMLStream.position(of:)`, or a `SourceMark` in the stream's `source`).
///
/// Events arrive in document order. A delegate that has seen enough calls `XMLStream.stop()`.
package protocol XMLStreamDelegate: AnyObject {
    /// `start` is the `<` of the start tag; `contentStart` is the first character after its `>`.
    func xmlStream(_ stream: XMLStream, didStartElement name: String, attributes: [XMLAttribute],
                   at start: SourcePlace, contentStart: SourcePlace)
    /// `end` is the `<` of the end tag, or of the start tag of an empty element (`<true/>`).
    func xmlStream(_ stream: XMLStream, didEndElement name: String, at end: SourcePlace)
    /// Character data, possibly in several pieces; `start` is where this piece begins.
    func xmlStream(_ stream: XMLStream, foundText text: XMLText, at start: SourcePlace, isCDATA: Bool)
    /// A comment or processing instruction: nothing to a reader of values, but a formatter must keep it.
    func xmlStream(_ stream: XMLStream, foundMarkup markup: XMLMarkup)
}

extension XMLStreamDelegate {
    package func xmlStream(_ stream: XMLStream, foundMarkup markup: XMLMarkup) {}
}

/// A piece of character data as libxml2 hands it over, in UTF-8, valid only during the call that receives it.
/// Most pieces are the blank lines and indentation between elements, which a reader only needs to know are
/// blank: making each one a `String` first was a tenth of reading a property list.
package struct XMLText {
    package let utf8: UnsafeBufferPointer<UInt8>

    package var string: String { String(decoding: utf8, as: UTF8.self) }

    /// Whether the text is only XML white space (space, tab, CR, LF).
    package var isBlank: Bool {
        utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }

    package var lineFeeds: Int { utf8.count(where: { $0 == 0x0A }) }
}

/// Markup that carries no value: `<!--text-->` or `<?target data?>`.
package enum XMLMarkup: Hashable, Sendable {
    case comment(String)
    case processingInstruction(target: String, data: String)
}
