import LessonpackDiagnostics

/// An attribute of a start tag, with its prefix folded into the name (`xml:lang`).
package struct XMLAttribute: Hashable, Sendable {
    package var name: String
    package var value: String
}

/// Receives the document as a stream of events, each with the position a person would point at.
///
/// Events arrive in document order. A delegate that has seen enough calls `XMLStream.stop()`.
package protocol XMLStreamDelegate: AnyObject {
    /// `start` is the `<` of the start tag; `contentStart` is the first character after its `>`.
    func xmlStream(_ stream: XMLStream, didStartElement name: String, attributes: [XMLAttribute],
                   at start: SourcePosition, contentStart: SourcePosition)
    /// `position` is the `<` of the end tag, or of the start tag of an empty element (`<true/>`).
    func xmlStream(_ stream: XMLStream, didEndElement name: String, at position: SourcePosition)
    /// Character data, possibly in several pieces; `start` is where this piece begins.
    func xmlStream(_ stream: XMLStream, foundText text: String, at start: SourcePosition, isCDATA: Bool)
    /// A comment or processing instruction: nothing to a reader of values, but a formatter must keep it.
    func xmlStream(_ stream: XMLStream, foundMarkup markup: XMLMarkup)
}

extension XMLStreamDelegate {
    package func xmlStream(_ stream: XMLStream, foundMarkup markup: XMLMarkup) {}
}

/// Markup that carries no value: `<!--text-->` or `<?target data?>`.
package enum XMLMarkup: Hashable, Sendable {
    case comment(String)
    case processingInstruction(target: String, data: String)
}
