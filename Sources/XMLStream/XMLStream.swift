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
    private let context: xmlParserCtxtPtr
    private var problems: [XMLProblem] = []
    private var depth = 0
    /// Where the next piece of character data begins: the end of whatever the parser reported last.
    private var textCursor = SourcePosition(line: 1, column: 1)

    private init(context: xmlParserCtxtPtr, delegate: any XMLStreamDelegate, limits: XMLLimits) {
        self.context = context
        self.delegate = delegate
        self.limits = limits
    }

    /// Parses `bytes` (any encoding XML allows: a BOM or the XML declaration says which) and returns every problem
    /// found. After the first error the delegate may receive no further events.
    package static func parse(_ bytes: [UInt8], delegate: any XMLStreamDelegate,
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

        let stream = XMLStream(context: context, delegate: delegate, limits: limits)
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
        depth += 1
        if depth > limits.maxDepth {
            record(.tooDeep(limit: limits.maxDepth),
                   "elements are nested more than \(limits.maxDepth) deep", at: tagStart())
            stop()
            return
        }
        let end = currentPosition()
        // The parser stops on the tag's closing `>` (or the `/` of `/>`) when it reports the element.
        let contentStart = SourcePosition(line: end.line, column: end.column + 1)
        textCursor = contentStart
        delegate.xmlStream(self, didStartElement: name, attributes: attributes, at: tagStart(),
                           contentStart: contentStart)
    }

    func endElement(_ name: String) {
        depth -= 1
        textCursor = currentPosition()
        delegate.xmlStream(self, didEndElement: name, at: tagStart())
    }

    func text(_ text: String, isCDATA: Bool) {
        let start = textCursor
        textCursor = currentPosition()
        delegate.xmlStream(self, foundText: text, at: start, isCDATA: isCDATA)
    }

    func markup(_ markup: XMLMarkup) {
        textCursor = currentPosition()
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

    func libxmlError(_ error: xmlError) {
        let code = Int(error.code)
        let isWarning = error.level == XML_ERR_WARNING
        var position = error.line > 0 ? SourcePosition(line: Int(error.line), column: max(1, Int(error.int2))) : nil
        if code == Int(XML_ERR_GT_REQUIRED.rawValue) { position = endOfPrecedingText() ?? position }
        let message = LibXMLMessages.describe(code: code, libxmlMessage: error.message.map { String(cString: $0) },
                                             arguments: [error.str1, error.str2, error.str3].map { $0.map { String(cString: $0) } })
        if code == Int(XML_ERR_UNDECLARED_ENTITY.rawValue) || code == Int(XML_WAR_UNDECLARED_ENTITY.rawValue) {
            record(.undefinedEntity, message, at: position)
            return
        }
        // Errors after the first one that stopped the parse are echoes of it, and so is the I/O layer's
        // "encoder error" after a conversion failure.
        if !isWarning, problems.contains(where: { !$0.isWarning }), context.pointee.disableSAX != 0 { return }
        if error.domain == Int32(XML_FROM_IO.rawValue), problems.contains(where: { !$0.isWarning }) { return }
        // Once the input cannot be decoded, what the parser says about the rest is about text it never saw.
        let conversionFailed = Int(XML_I18N_CONV_FAILED.rawValue)
        if problems.contains(where: { $0.kind == .syntax(code: conversionFailed) }) { return }
        problems.append(XMLProblem(kind: .syntax(code: code), message: message, position: position,
                                   isWarning: isWarning))
    }

    private func record(_ kind: XMLProblem.Kind, _ message: String, at position: SourcePosition?) {
        problems.append(XMLProblem(kind: kind, message: message, position: position))
    }

    // MARK: - Positions

    private func currentPosition() -> SourcePosition {
        guard let input = context.pointee.input else { return textCursor }
        return SourcePosition(line: Int(input.pointee.line), column: Int(input.pointee.col))
    }

    /// The `<` that opens the tag the parser is in or has just finished. libxml2 only tracks where it is now, so
    /// walk back through its UTF-8 buffer, which still holds the whole tag: attribute values cannot contain `<`.
    private func tagStart() -> SourcePosition {
        let here = currentPosition()
        guard let input = context.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur
        else { return here }
        var characters = 0
        var newlines = 0
        while cursor > base {
            cursor -= 1
            let byte = cursor.pointee
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "\n") { newlines += 1 }
            if byte & 0xC0 != 0x80 { characters += 1 }
        }
        guard cursor.pointee == UInt8(ascii: "<") else { return here }
        if newlines == 0 { return SourcePosition(line: here.line, column: max(1, here.column - characters - 1)) }
        return SourcePosition(line: here.line - newlines, column: columnOf(cursor, base: base))
    }

    /// Where a missing `>` belonged: just after the last non-blank character before the parser's position, which
    /// may be at the end of the previous line rather than on the line where the parser noticed.
    private func endOfPrecedingText() -> SourcePosition? {
        let here = currentPosition()
        guard let input = context.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur
        else { return nil }
        var characters = 0
        var newlines = 0
        while cursor > base {
            let previous = (cursor - 1).pointee
            guard previous == 0x20 || previous == 0x09 || previous == 0x0A || previous == 0x0D else { break }
            cursor -= 1
            if previous == 0x0A { newlines += 1 }
            characters += 1
        }
        if newlines == 0 { return SourcePosition(line: here.line, column: max(1, here.column - characters)) }
        return SourcePosition(line: here.line - newlines, column: columnOf(cursor, base: base))
    }

    /// The column of `pointer` within its line, counted in characters from the previous newline.
    private func columnOf(_ pointer: UnsafePointer<xmlChar>, base: UnsafePointer<xmlChar>) -> Int {
        var cursor = pointer
        var column = 1
        while cursor > base {
            let byte = (cursor - 1).pointee
            if byte == UInt8(ascii: "\n") { break }
            if byte & 0xC0 != 0x80 && byte != UInt8(ascii: "\r") { column += 1 }
            cursor -= 1
        }
        return column
    }
}
