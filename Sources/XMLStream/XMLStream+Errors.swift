internal import CLibXML2
import LessonpackDiagnostics

/// libxml2's errors, turned into problems an author can act on: one per mistake (libxml2 goes on to report the
/// echoes of its first fatal error, which are dropped), at the place to fix, in our words.
extension XMLStream {
    func libxmlError(_ error: xmlError) {
        let code = Int(error.code)
        let isWarning = error.level == XML_ERR_WARNING
        let text = error.message.map { String(cString: $0) } ?? ""
        defer { hasFailed = hasFailed || error.level == XML_ERR_FATAL }
        if code == Int(XML_ERR_UNDECLARED_ENTITY.rawValue) || code == Int(XML_WAR_UNDECLARED_ENTITY.rawValue) {
            let name = error.str1.map { String(cString: $0) } ?? ""
            problems.append(XMLProblem(kind: .undefinedEntity, message: LibXMLMessages.unknownEntity(name),
                                       position: referencePosition(error), libxmlMessage: text))
            return
        }
        // Errors after the first one that stopped the parse are echoes of it, and so is the I/O layer's
        // "encoder error" after a conversion failure.
        if !isWarning, problems.contains(where: { !$0.isWarning }), context.pointee.disableSAX != 0 { return }
        if error.domain == Int32(XML_FROM_IO.rawValue), problems.contains(where: { !$0.isWarning }) { return }
        // Once the input cannot be decoded, what the parser says about the rest is about text it never saw.
        if problems.contains(where: { $0.kind == .syntax(code: Int(XML_I18N_CONV_FAILED.rawValue)) }) { return }

        var problem = isWarning ? nil : structuralProblem(error, code: code)
        if problem == nil {
            problem = XMLProblem(kind: .syntax(code: code), message: LibXMLMessages.describe(facts(error)),
                                 position: position(of: error, code: code), isWarning: isWarning)
        }
        problem?.libxmlMessage = text
        if let problem { problems.append(problem) }
    }

    /// The mistakes that are best described by what surrounds libxml2's complaint rather than by the complaint:
    /// bytes that are not what the file says, a forbidden character, something left open.
    private func structuralProblem(_ error: xmlError, code: Int) -> XMLProblem? {
        let syntax = XMLProblem.Kind.syntax(code: code)
        let text = error.message.map { String(cString: $0) } ?? ""
        if code == Int(XML_ERR_INVALID_CHAR.rawValue), text.hasPrefix("Input is not proper UTF-8") {
            let (advice, first) = EncodingAdvice.forInvalidUTF8(bytes)
            return XMLProblem(kind: syntax, message: LibXMLMessages.notUTF8(firstInvalidByte: first, advice: advice),
                              position: currentPosition())
        }
        if code == Int(XML_I18N_CONV_FAILED.rawValue) {
            return undecodable(failingBytes: error.str1.map { Self.hexBytes(String(cString: $0)) } ?? [])
        }
        if let character = characterAtCursor(), Self.isForbidden(character) {
            return XMLProblem(kind: syntax, message: LibXMLMessages.forbiddenCharacter(character),
                              position: currentPosition())
        }
        if let markup = unfinishedMarkup(code: code, text: text) {
            let start = lastInBuffer(markup.opening).map { translated(parserPosition(ofBuffer: $0)) }
            return XMLProblem(kind: syntax, message: LibXMLMessages.neverClosed(markup, openedAt: start),
                              position: start ?? currentPosition())
        }
        if isAtEndOfInput {
            guard let open = openElements.last else {
                return !hasSeenAnElement && code != Int(XML_ERR_DOCUMENT_EMPTY.rawValue)
                    ? XMLProblem(kind: syntax, message: LibXMLMessages.fileEndsBeforeAnyElement,
                                 position: currentPosition())
                    : nil
            }
            return XMLProblem(kind: syntax,
                              message: LibXMLMessages.fileEnds(before: open.name, openedAt: position(of: open.start)),
                              position: currentPosition(),
                              notes: [.init(LibXMLMessages.openedHere(open.name), at: position(of: open.start))])
        }
        if isInputCutShort {
            // libxml2's decoder for some encodings (US-ASCII) stops at a byte it cannot decode without a word: the
            // parser then meets an early end of input.
            let offset = bytesRead
            return undecodable(failingBytes: Array(bytes[offset..<min(bytes.count, offset + 4)]),
                               at: currentPosition())
        }
        if code == Int(XML_ERR_TAG_NAME_MISMATCH.rawValue) {
            return mismatchedTag(open: error.str1.map { String(cString: $0) },
                                 closing: error.str2.map { String(cString: $0) })
        }
        return nil
    }

    /// `</dict>` while `<string>` is open: if a `<dict>` is open further out, the `<string>` was never closed;
    /// otherwise the closing tag is the mistake (`</strng>`).
    private func mismatchedTag(open: String?, closing: String?) -> XMLProblem? {
        guard let open, let closing, let innermost = openElements.last, innermost.name == open else { return nil }
        let code = Int(XML_ERR_TAG_NAME_MISMATCH.rawValue)
        let closingTag = tagStart()
        let opened = position(of: innermost.start)
        if openElements.dropLast().contains(where: { $0.name == closing }) {
            let noticed = XMLProblem.Note(LibXMLMessages.foundWhileOpen(closing: closing, open: open), at: closingTag)
            return XMLProblem(kind: .syntax(code: code),
                              message: LibXMLMessages.neverClosed(open, openedAt: opened),
                              position: opened, notes: [noticed])
        }
        return XMLProblem(kind: .syntax(code: code), message: LibXMLMessages.mismatch(closing: closing, open: open),
                          position: closingTag,
                          notes: [.init(LibXMLMessages.openedHere(open), at: opened)])
    }

    private func undecodable(failingBytes: [UInt8], at position: SourcePosition? = nil) -> XMLProblem {
        let advice = EncodingAdvice.forUndecodableByte(failingBytes.first, declared: declaredEncoding)
        var position = position
        if position == nil, !failingBytes.isEmpty, let layout = characterLayout(),
           let offset = Self.firstOffset(of: failingBytes, in: bytes) {
            position = layout.position(ofByte: offset, in: bytes)
        }
        return XMLProblem(kind: .syntax(code: Int(XML_I18N_CONV_FAILED.rawValue)),
                          message: LibXMLMessages.notValidInItsEncoding(bytes: failingBytes, advice: advice),
                          position: position)
    }

    private func unfinishedMarkup(code: Int, text: String) -> LibXMLMessages.Markup? {
        switch code {
        case Int(XML_ERR_COMMENT_NOT_FINISHED.rawValue): .comment
        case Int(XML_ERR_PI_NOT_FINISHED.rawValue): .processingInstruction
        case Int(XML_ERR_CDATA_NOT_FINISHED.rawValue) where isAtEndOfInput: .cdata
        default: nil
        }
    }

    // MARK: - Facts and positions

    private func facts(_ error: xmlError) -> LibXMLError {
        let code = Int(error.code)
        var facts = LibXMLError(code: code, text: error.message.map { String(cString: $0) } ?? "",
                                strings: [error.str1, error.str2, error.str3].map { $0.map { String(cString: $0) } },
                                number: Int(error.int1))
        if let ampersand = ampersandBeforeCursor(), Self.isReferenceError(code, text: facts.text) {
            let isCharacterReference = ampersand[1] == UInt8(ascii: "#")
            facts.reference = bufferText(from: ampersand, upTo: 16) { byte in
                byte == UInt8(ascii: "<") || byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
                    || (!isCharacterReference && byte == UInt8(ascii: ";"))
            }
            if let reference = facts.reference, isCharacterReference, let semicolon = reference.firstIndex(of: ";") {
                facts.reference = String(reference[...semicolon])
            }
        }
        if code == Int(XML_ERR_NAME_REQUIRED.rawValue), let lessThan = lastInBuffer(UInt8(ascii: "<"))
        {
            facts.afterLessThan = bufferText(from: lessThan + 1, upTo: 9) { $0 == UInt8(ascii: ">") }
        }
        if code == Int(XML_ERR_SPACE_REQUIRED.rawValue), let cursor = context.pointee.input?.pointee.cur,
           cursor > context.pointee.input?.pointee.base ?? cursor {
            let previous = (cursor - 1).pointee
            let next = cursor.pointee
            let startsAName = next >= 0x80 || next == UInt8(ascii: "_")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next | 0x20)
            let endsAValue = previous == UInt8(ascii: "\"") || previous == UInt8(ascii: "'")
            facts.attributesRunTogether = endsAValue && startsAName
        }
        return facts
    }

    /// Where to point for `error`: the `&` of a reference, the `<` of a tag, where a `>` belongs; otherwise where
    /// libxml2 stopped.
    private func position(of error: xmlError, code: Int) -> SourcePosition? {
        let text = error.message.map { String(cString: $0) } ?? ""
        switch code {
        case _ where Self.isReferenceError(code, text: text):
            return referencePosition(error)
        case Int(XML_ERR_GT_REQUIRED.rawValue), Int(XML_ERR_DOCTYPE_NOT_FINISHED.rawValue):
            return endOfPrecedingText()
        case Int(XML_ERR_SPACE_REQUIRED.rawValue) where text.contains("attributes construct"):
            return endOfPrecedingText()
        case Int(XML_ERR_NAME_REQUIRED.rawValue) where text.contains("StartTag"),
             Int(XML_ERR_RESERVED_XML_NAME.rawValue):
            return tagStart()
        default:
            // Errors raised outside the parser (the encoding converter's) come without a line.
            return error.line > 0 || error.domain == Int32(XML_FROM_PARSER.rawValue) ? currentPosition() : nil
        }
    }

    private func referencePosition(_ error: xmlError) -> SourcePosition {
        ampersandBeforeCursor().map { translated(parserPosition(ofBuffer: $0)) } ?? currentPosition()
    }

    private static func isReferenceError(_ code: Int, text: String) -> Bool {
        switch code {
        case Int(XML_ERR_UNDECLARED_ENTITY.rawValue), Int(XML_WAR_UNDECLARED_ENTITY.rawValue),
             Int(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue), Int(XML_ERR_INVALID_HEX_CHARREF.rawValue),
             Int(XML_ERR_INVALID_DEC_CHARREF.rawValue):
            true
        case Int(XML_ERR_NAME_REQUIRED.rawValue): text.contains("EntityRef")
        case Int(XML_ERR_INVALID_CHAR.rawValue): text.contains("CharRef")
        default: false
        }
    }

    /// Characters XML 1.0 forbids anywhere, even written as a reference.
    private static func isForbidden(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D: false
        case 0..<0x20, 0xD800...0xDFFF, 0xFFFE, 0xFFFF: true
        default: value > 0x10FFFF
        }
    }

    /// `0x81 0x8D 0x8F 0x90`, as libxml2 lists bytes it could not decode.
    private static func hexBytes(_ text: String) -> [UInt8] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" }).compactMap { word in
            word.hasPrefix("0x") ? UInt8(word.dropFirst(2), radix: 16) : nil
        }
    }

    private static func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { start in
            haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle)
        }
    }
}
