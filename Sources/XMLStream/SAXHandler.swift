internal import CLibXML2

/// The C callbacks libxml2 calls. Each finds its `XMLStream` through the parser's user-data pointer and
/// forwards a Swift value. Callbacks left nil are features a property list never needs, so libxml2 skips them.
extension XMLStream {
    static func saxHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC

        handler.startElementNs = { userData, localName, prefix, _, _, _, attributeCount, _, attributes in
            guard let stream = XMLStream.from(userData) else { return }
            var list: [XMLAttribute] = []
            if let attributes, attributeCount > 0 {
                // Five pointers per attribute: local name, prefix, URI, value start, value end.
                for index in 0..<Int(attributeCount) {
                    let base = index * 5
                    let name = stream.names.name(attributes[base], prefix: attributes[base + 1])
                    var value = ""
                    if let start = attributes[base + 3], let end = attributes[base + 4] {
                        value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                    }
                    list.append(XMLAttribute(name: name, value: value))
                }
            }
            stream.startElement(stream.names.name(localName, prefix: prefix), attributes: list)
        }
        handler.endElementNs = { userData, localName, prefix, _ in
            guard let stream = XMLStream.from(userData) else { return }
            stream.endElement(stream.names.name(localName, prefix: prefix))
        }
        handler.characters = { userData, characters, length in
            XMLStream.from(userData)?.text(XMLText(utf8: buffer(characters, length)), isCDATA: false)
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = { userData, characters, length in
            XMLStream.from(userData)?.text(XMLText(utf8: buffer(characters, length)), isCDATA: true)
        }
        handler.comment = { userData, text in
            XMLStream.from(userData)?.markup(.comment(text.map { String(cString: $0) } ?? ""))
        }
        handler.processingInstruction = { userData, target, data in
            XMLStream.from(userData)?.markup(.processingInstruction(target: target.map { String(cString: $0) } ?? "",
                                                                    data: data.map { String(cString: $0) } ?? ""))
        }
        handler.internalSubset = { userData, _, _, _ in XMLStream.from(userData)?.doctype() }

        // Declarations can only appear in an internal subset, which `doctype()` already refuses; these stop the
        // parse as well in case libxml2 ever reaches one by another path.
        handler.entityDecl = { userData, name, _, _, _, _ in
            XMLStream.from(userData)?.declaration("entity", name: name.map { String(cString: $0) } ?? "")
        }
        handler.elementDecl = { userData, name, _, _ in
            XMLStream.from(userData)?.declaration("element", name: name.map { String(cString: $0) } ?? "")
        }
        handler.attributeDecl = { userData, _, name, _, _, _, tree in
            xmlFreeEnumeration(tree)
            XMLStream.from(userData)?.declaration("attribute", name: name.map { String(cString: $0) } ?? "")
        }
        handler.notationDecl = { userData, name, _, _ in
            XMLStream.from(userData)?.declaration("notation", name: name.map { String(cString: $0) } ?? "")
        }
        handler.unparsedEntityDecl = { userData, name, _, _, _ in
            XMLStream.from(userData)?.declaration("entity", name: name.map { String(cString: $0) } ?? "")
        }
        // Never resolve anything outside the document.
        handler.resolveEntity = { _, _, _ in nil }

        handler.serror = { userData, error in
            guard let error else { return }
            XMLStream.from(userData)?.libxmlError(error.pointee)
        }
        return handler
    }

    fileprivate static func from(_ userData: UnsafeMutableRawPointer?) -> XMLStream? {
        guard let userData else { return nil }
        return Unmanaged<XMLStream>.fromOpaque(userData).takeUnretainedValue()
    }
}

private func buffer(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) -> UnsafeBufferPointer<UInt8> {
    guard let characters, length > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: characters, count: Int(length))
}
