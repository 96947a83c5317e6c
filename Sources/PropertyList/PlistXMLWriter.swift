import LessonpackDiagnostics
import XMLStream

/// Writes a property list in the XML form Apple's tools write: the standard header and DOCTYPE, one element per
/// line, tab indentation.
package enum PlistXMLWriter {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The XML declaration and the standard DOCTYPE, before `<plist>`.
    package static let prolog = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """
    package static let header = prolog + "<plist version=\"1.0\">\n"

    package static func xml(_ value: PlistValue) throws(Failure) -> String {
        try xml(value, comments: PlistComments(), keyOrder: { _ in nil })
    }

    /// The same layout with a document's comments put back beside what they were written about, and the keys of
    /// some dictionaries reordered: `keyOrder` gives, for the dictionary at a path, the keys that come first and
    /// in what order; the others follow in the order they were written. nil keeps the written order.
    package static func xml(_ value: PlistValue, comments: PlistComments,
                           keyOrder: ([PlistPathStep]) -> [String]?) throws(Failure) -> String {
        try withoutActuallyEscaping(keyOrder) { (keyOrder) throws(Failure) in
            var writer = Writer(comments: comments, keyOrder: keyOrder)
            writer.output = prolog
            writer.markup(.beforeDocument, depth: 0)
            writer.output += "<plist version=\"1.0\">\n"
            writer.markup(.before([]), depth: 0)
            try writer.write(value, depth: 0, indexPath: [], keyPath: [])
            writer.markup(.afterRoot, depth: 0)
            writer.output += "</plist>\n"
            writer.markup(.afterDocument, depth: 0)
            return writer.output
        }
    }

    private struct Writer {
        let comments: PlistComments
        let keyOrder: ([PlistPathStep]) -> [String]?
        var output = ""

        mutating func write(_ value: PlistValue, depth: Int, indexPath: [Int], keyPath: [PlistPathStep])
            throws(Failure) {
            let indent = String(repeating: "\t", count: depth)
            switch value {
            case .string(let string):
                output += indent + "<string>" + (try escaped(string)) + "</string>\n"
            case .integer(let integer):
                output += indent + "<integer>\(integer)</integer>\n"
            case .real(let real):
                output += indent + "<real>" + realText(real) + "</real>\n"
            case .bool(let bool):
                output += indent + (bool ? "<true/>\n" : "<false/>\n")
            case .date(let date):
                output += indent + "<date>\(date)</date>\n"
            case .data(let bytes):
                output += indent + "<data>" + Base64.encode(bytes) + "</data>\n"
            case .array(let items):
                let end = indexPath + [items.count]
                if items.isEmpty && !hasMarkup(.before(end)) { output += indent + "<array/>\n"; return }
                output += indent + "<array>\n"
                for (index, item) in items.enumerated() {
                    markup(.before(indexPath + [index]), depth: depth + 1, keepsBlankLines: true)
                    try write(item, depth: depth + 1, indexPath: indexPath + [index], keyPath: keyPath + [.index(index)])
                }
                markup(.before(end), depth: depth + 1)
                output += indent + "</array>\n"
            case .dictionary(let entries):
                let end = indexPath + [entries.count]
                if entries.isEmpty && !hasMarkup(.beforeKey(end)) { output += indent + "<dict/>\n"; return }
                output += indent + "<dict>\n"
                for index in ordered(entries, keyOrder(keyPath)) {
                    let entry = entries[index]
                    markup(.beforeKey(indexPath + [index]), depth: depth + 1, keepsBlankLines: true)
                    output += indent + "\t<key>" + (try escaped(entry.key)) + "</key>\n"
                    markup(.before(indexPath + [index]), depth: depth + 1)
                    try write(entry.value, depth: depth + 1, indexPath: indexPath + [index],
                              keyPath: keyPath + [.key(entry.key)])
                }
                markup(.beforeKey(end), depth: depth + 1)
                output += indent + "</dict>\n"
            }
        }

        /// The entries' indices with the keys `order` names first, in its order, then the rest as written.
        private func ordered(_ entries: [PlistEntry], _ order: [String]?) -> [Int] {
            guard let order else { return Array(entries.indices) }
            let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            return entries.indices.sorted { left, right in
                let (leftRank, rightRank) = (rank[entries[left].key] ?? order.count, rank[entries[right].key] ?? order.count)
                return leftRank != rightRank ? leftRank < rightRank : left < right
            }
        }

        /// Whether a slot holds a comment or processing instruction (a blank line alone writes nothing there).
        private func hasMarkup(_ slot: PlistComments.Slot) -> Bool { comments[slot].contains { $0 != .blankLine } }

        /// Writes a slot's comments. Blank lines survive only between entries: not after an opening tag, before a
        /// closing one, between a key and its value, or outside the root.
        mutating func markup(_ slot: PlistComments.Slot, depth: Int, keepsBlankLines: Bool = false) {
            let indent = String(repeating: "\t", count: depth)
            for item in comments[slot] {
                switch item {
                case .blankLine:
                    if keepsBlankLines && !output.hasSuffix(">\n\n") && !output.hasSuffix("<dict>\n")
                        && !output.hasSuffix("<array>\n") { output += "\n" }
                case .markup(.comment(let text)):
                    output += indent + "<!--" + text + "-->\n"
                case .markup(.processingInstruction(let target, let data)):
                    output += indent + "<?" + target + (data.isEmpty ? "" : " " + data) + "?>\n"
                }
            }
        }
    }

    static func realText(_ real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real > 0 ? "+infinity" : "-infinity" }
        return real.description
    }

    /// Escapes markup characters; a carriage return becomes `&#13;` so that reading the file back, which turns
    /// line breaks into `\n`, returns the same string.
    package static func escaped(_ string: String) throws(Failure) -> String {
        var output = ""
        output.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\r": output += "&#13;"
            case "\t", "\n": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                throw Failure(description: "XML cannot hold the control character U+\(String(scalar.value, radix: 16, uppercase: true))")
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

extension PlistXMLWriter.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(.plistConvertFailed, description)] }
}
