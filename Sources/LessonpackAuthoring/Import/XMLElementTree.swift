import LessonpackDiagnostics
import XMLStream

/// An XML document read into elements, each knowing where it was written, for formats whose meaning depends on
/// children that come in any order (Moodle's question files). The reading goes through XMLStream, so the same
/// safety policy as every other XML file applies: no DTD, no entity declared or expanded, bounded size and depth.
struct XMLElementTree {
    /// A run of character data and where its first character is.
    struct TextPiece {
        var text: String
        var start: SourcePosition
    }

    struct Element {
        var name: String
        var attributes: [String: String]
        /// The `<` of the start tag.
        var start: SourcePosition
        var children: [Element] = []
        /// The element's own character data (not its children's), in document order.
        var pieces: [TextPiece] = []

        var text: String { pieces.map(\.text).joined() }

        func child(_ name: String) -> Element? { children.first { $0.name == name } }
        func children(_ name: String) -> [Element] { children.filter { $0.name == name } }

        /// Where the character `offset` Unicode scalars into `text` was written, following the pieces: the XML
        /// layer has already turned `&amp;` into one character, so each piece is walked from its own start.
        func position(ofScalar offset: Int) -> SourcePosition {
            var remaining = offset
            for piece in pieces {
                let scalars = piece.text.unicodeScalars
                guard remaining < scalars.count else {
                    remaining -= scalars.count
                    continue
                }
                var position = piece.start
                for scalar in scalars.prefix(remaining) {
                    if scalar == "\n" {
                        position = SourcePosition(line: position.line + 1, column: 1)
                    } else {
                        position.column += 1
                    }
                }
                return position
            }
            return pieces.first?.start ?? start
        }
    }

    /// The document element, unless the XML could not be read.
    var root: Element?
    var problems: [XMLProblem]

    init(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) {
        let builder = Builder()
        problems = XMLStream.parse(bytes, delegate: builder, limits: limits)
        root = builder.root
    }

    private final class Builder: XMLStreamDelegate {
        var open: [Element] = []
        var root: Element?

        func xmlStream(_ stream: XMLStream, didStartElement name: String, attributes: [XMLAttribute],
                       at start: SourcePlace, contentStart: SourcePlace) {
            var byName: [String: String] = [:]
            for attribute in attributes { byName[attribute.name] = attribute.value }
            open.append(Element(name: name, attributes: byName, start: stream.position(of: start)))
        }

        func xmlStream(_ stream: XMLStream, didEndElement name: String, at end: SourcePlace) {
            guard let element = open.popLast() else { return }
            if open.isEmpty {
                root = element
            } else {
                open[open.count - 1].children.append(element)
            }
        }

        func xmlStream(_ stream: XMLStream, foundText text: XMLText, at mark: SourcePlace, isCDATA: Bool) {
            guard !open.isEmpty else { return }
            let start = stream.position(of: mark)
            // The stream points at `<![CDATA[`; the text itself begins after those nine characters.
            let first = isCDATA ? SourcePosition(line: start.line, column: start.column + 9) : start
            open[open.count - 1].pieces.append(TextPiece(text: text.string, start: first))
        }
    }
}
