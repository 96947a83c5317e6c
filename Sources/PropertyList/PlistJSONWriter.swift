import LessonpackCore
import LessonpackDiagnostics
/// Writes a property list as JSON: dict → object (keys in document order), array → array, string → string,
/// integer and real → number, bool → bool, date → "YYYY-MM-DDTHH:MM:SSZ", data → base64 without line breaks.
package enum PlistJSONWriter {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func json(_ value: PlistValue, indent: Int = 2) throws(Failure) -> String {
        var output = ""
        try write(value, into: &output, depth: 0, indent: indent)
        return output + "\n"
    }

    private static func write(_ value: PlistValue, into output: inout String, depth: Int, indent: Int) throws(Failure) {
        switch value {
        case .string(let string):
            CoreJSON.appendQuoted(string, to: &output)
        case .integer(let integer):
            output += integer.description
        case .real(let real):
            guard real.isFinite else {
                throw Failure(description: "JSON has no way to write the real number \(real)")
            }
            output += real.description
        case .bool(let bool):
            output += bool ? "true" : "false"
        case .date(let date):
            CoreJSON.appendQuoted(date.description, to: &output)
        case .data(let bytes):
            CoreJSON.appendQuoted(Base64.encode(bytes), to: &output)
        case .array(let items):
            if items.isEmpty { output += "[]"; return }
            output += "["
            for (index, item) in items.enumerated() {
                output += index == 0 ? "" : ","
                newline(&output, depth + 1, indent)
                try write(item, into: &output, depth: depth + 1, indent: indent)
            }
            newline(&output, depth, indent)
            output += "]"
        case .dictionary(let entries):
            if entries.isEmpty { output += "{}"; return }
            output += "{"
            for (index, entry) in entries.enumerated() {
                output += index == 0 ? "" : ","
                newline(&output, depth + 1, indent)
                CoreJSON.appendQuoted(entry.key, to: &output)
                output += indent > 0 ? ": " : ":"
                try write(entry.value, into: &output, depth: depth + 1, indent: indent)
            }
            newline(&output, depth, indent)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ depth: Int, _ indent: Int) {
        guard indent > 0 else { return }
        output += "\n" + String(repeating: " ", count: depth * indent)
    }
}

extension PlistJSONWriter.Failure: DiagnosticError {
    package var reportedDiagnostics: [Diagnostic] { [.failure(.plistConvertFailed, description)] }
}
