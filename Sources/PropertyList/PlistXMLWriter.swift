/// Writes a property list in the XML form Apple's tools write: the standard header and DOCTYPE, one element per
/// line, tab indentation.
public enum PlistXMLWriter {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    public static func xml(_ value: PlistValue) throws(Failure) -> String {
        var output = header
        try write(value, into: &output, depth: 0)
        return output + "</plist>\n"
    }

    private static func write(_ value: PlistValue, into output: inout String, depth: Int) throws(Failure) {
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
            if items.isEmpty { output += indent + "<array/>\n"; return }
            output += indent + "<array>\n"
            for item in items { try write(item, into: &output, depth: depth + 1) }
            output += indent + "</array>\n"
        case .dictionary(let entries):
            if entries.isEmpty { output += indent + "<dict/>\n"; return }
            output += indent + "<dict>\n"
            for entry in entries {
                output += indent + "\t<key>" + (try escaped(entry.key)) + "</key>\n"
                try write(entry.value, into: &output, depth: depth + 1)
            }
            output += indent + "</dict>\n"
        }
    }

    static func realText(_ real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real > 0 ? "+infinity" : "-infinity" }
        return real.description
    }

    /// Escapes markup characters; a carriage return becomes `&#13;` so that reading the file back, which turns
    /// line breaks into `\n`, returns the same string.
    public static func escaped(_ string: String) throws(Failure) -> String {
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
