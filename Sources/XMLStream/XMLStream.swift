internal import CLibXML2
import LessonpackDiagnostics

/// Reads an XML document with libxml2's SAX parser and hands its elements and text to a delegate, each with a
/// line and column, under a safety policy fit for untrusted files:
/// nothing is loaded from outside the document (no DTD, no external entity, no network), entities are never
/// expanded, a DOCTYPE may name an external DTD but may not carry an internal subset, entity declarations are
/// refused, and size and nesting depth are bounded.
///
/// This is the only code that touches libxml2; everything above it sees Swift values.
package final class XMLStream {
    private let delegate: any XMLStreamDelegate
    private let limits: XMLLimits
    let context: xmlParserCtxtPtr
    /// The document as given, to find what libxml2 cannot tell: where lines end, which bytes are not UTF-8.
    let bytes: [UInt8]
    /// The document as its events' places point into it: by byte offset while libxml2 reads the file's own UTF-8
    /// bytes, so that no line is counted unless a place is asked for its position.
    package let source: SourceText
    var problems: [XMLProblem] = []
    /// The elements open now, innermost last, each with the `<` of its start tag: an element that is never closed
    /// is reported where it was opened.
    var openElements: [(name: String, start: SourcePlace)] = []
    var hasSeenAnElement = false
    var names = InternedNames()
    /// Set at the first fatal error: libxml2 still reports a little text after one, which is no part of the
    /// document the author meant, so the delegate hears nothing more.
    var hasFailed = false
    /// Where the next piece of character data begins: the end of whatever the parser reported last.
    private var textCursor: SourcePlace = .byte(0)
    /// Positions as libxml2 counts them, turned into ones that count a lone CR as a line end (nil: not yet needed).
    var lineEnds: (encoder: UnsafeMutablePointer<xmlCharEncodingHandler>?, translation: LineEndTranslation)?
    let mayHaveLoneCarriageReturns: Bool

    private init(context: xmlParserCtxtPtr, bytes: [UInt8], file: String, delegate: any XMLStreamDelegate,
                 limits: XMLLimits) {
        self.context = context
        self.bytes = bytes
        source = SourceText(file: file, utf8: bytes)
        self.delegate = delegate
        self.limits = limits
        mayHaveLoneCarriageReturns = LineEndTranslation.mayHaveLoneCarriageReturns(bytes)
    }

    /// Parses `bytes` (any encoding XML allows: a BOM or the XML declaration says which) and returns every problem
    /// found. After the first error the delegate may receive no further events. `file` names the document in
    /// `source`, which turns the events' places into lines and columns.
    package static func parse(_ bytes: [UInt8], file: String = "", delegate: any XMLStreamDelegate,
                             limits: XMLLimits = XMLLimits()) -> [XMLProblem] {
        if bytes.count > limits.maxBytes {
            return [XMLProblem(kind: .tooLarge(limit: limits.maxBytes),
                               message: "file is \(bytes.count) bytes; the limit is \(limits.maxBytes)",
                               position: nil)]
        }
        if bytes.isEmpty {
            return [XMLProblem(kind: .syntax(code: Int(XML_ERR_DOCUMENT_EMPTY.rawValue)),
                               message: "file is empty", position: SourcePosition(line: 1, column: 1))]
        }
        _ = XMLStream.parserInitialised
        let context: xmlParserCtxtPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count))
            }
        }
        guard let context else {
            return [XMLProblem(kind: .syntax(code: 0), message: "the XML parser could not start", position: nil)]
        }
        defer { xmlFreeParserCtxt(context) }

        let stream = XMLStream(context: context, bytes: bytes, file: file, delegate: delegate, limits: limits)
        context.pointee.sax.pointee = XMLStream.saxHandler()
        context.pointee.userData = Unmanaged.passUnretained(stream).toOpaque()
        // Errors libxml2 raises outside the parser (a byte its encoding converter cannot read) go to the thread's
        // structured handler, or else printed to stderr; catch them with the rest.
        xmlSetStructuredErrorFunc(context.pointee.userData) { userData, error in
            guard let userData, let error else { return }
            Unmanaged<XMLStream>.fromOpaque(userData).takeUnretainedValue().libxmlError(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        // No XML_PARSE_NOENT (entities stay unexpanded), no DTDLOAD/DTDATTR/DTDVALID (nothing loaded), no HUGE
        // (libxml2 keeps its own caps on text and name sizes).
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOXINCNODE.rawValue))
        withExtendedLifetime(stream) { _ = xmlParseDocument(context) }
        // After a well-formedness error libxml2 turns our handler off and reads on, and an entity declaration it then
        // meets goes into a document it makes itself (ctxt->myDoc), which freeing the context leaves behind: the
        // import fuzzer's leak, 12 kB a file.
        if let document = context.pointee.myDoc {
            xmlFreeDoc(document)
            context.pointee.myDoc = nil
        }
        return stream.problems
    }

    /// libxml2 must be initialised once before threads parse at the same time; a static let runs exactly once.
    private static let parserInitialised: Void = xmlInitParser()

    /// Ends the parse after the current event: the delegate has seen enough.
    package func stop() {
        xmlStopParser(context)
    }

    // MARK: - Events from the C trampolines

    func startElement(_ name: String, attributes: [XMLAttribute]) {
        guard !hasFailed else { return }
        if openElements.count >= limits.maxDepth {
            record(.tooDeep(limit: limits.maxDepth),
                   "elements are nested more than \(limits.maxDepth) deep", at: tagStart())
            stop()
            return
        }
        // The parser stops on the tag's closing `>` (or the `/` of `/>`) when it reports the element.
        let contentStart = currentPlace(plus: 1)
        textCursor = contentStart
        let start = tagStartPlace()
        openElements.append((name, start))
        hasSeenAnElement = true
        // libxml2 reports an element once it has read its name; a file that ends right there (`<str`) is one
        // mistake, reported when the parser finds the end, not also an element the delegate should judge.
        if isAtEndOfInput { return }
        delegate.xmlStream(self, didStartElement: name, attributes: attributes, at: start, contentStart: contentStart)
    }

    func endElement(_ name: String) {
        guard !hasFailed else { return }
        _ = openElements.popLast()
        textCursor = currentPlace()
        delegate.xmlStream(self, didEndElement: name, at: tagStartPlace())
    }

    func text(_ text: XMLText, isCDATA: Bool) {
        guard !hasFailed else { return }
        let start: SourcePlace
        if let span = bufferSpan(of: text.utf8) {
            // libxml2 hands over text straight from its buffer before it moves its cursor past it: the text's own
            // bytes say where it starts and ends.
            (start, textCursor) = span
        } else {
            // Copied text (an entity's replacement, CDATA, a run with characters beyond ASCII) is handed over once
            // the cursor has passed it, so it starts where the last event ended.
            start = textCursor
            textCursor = currentPlace()
        }
        delegate.xmlStream(self, foundText: text, at: start, isCDATA: isCDATA)
    }

    func markup(_ markup: XMLMarkup) {
        guard !hasFailed else { return }
        textCursor = currentPlace()
        delegate.xmlStream(self, foundMarkup: markup)
    }

    func doctype() {
        // libxml2 reports the DOCTYPE before it looks at a `[`: seeing one here means an internal subset follows.
        guard let input = context.pointee.input, let cursor = input.pointee.cur, cursor.pointee == UInt8(ascii: "[")
        else { return }
        record(.internalSubset,
               "a DOCTYPE with an internal subset ('[ … ]') is not allowed; use the standard plist DOCTYPE line",
               at: currentPosition())
        stop()
    }

    func declaration(_ what: String, name: String) {
        record(what == "entity" ? .entityDeclaration : .internalSubset,
               "\(what) declaration '\(name)' is not allowed in a property list", at: currentPosition())
        stop()
    }

    func record(_ kind: XMLProblem.Kind, _ message: String, at position: SourcePosition?) {
        hasFailed = true
        problems.append(XMLProblem(kind: kind, message: message, position: position))
    }

    /// The encoding the XML declaration names, if it names one: a reader that warns about text it suspects was
    /// decoded wrongly can say which declaration to change.
    package var declaredEncoding: String? {
        guard let name = context.pointee.input?.pointee.encoding ?? context.pointee.encoding else { return nil }
        return String(cString: name)
    }
}
