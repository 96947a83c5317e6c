import Foundation

/// Foundation's DecodingError descriptions are written for programmers ("DecodingError.dataCorrupted: Data was
/// corrupted. Debug description: …"); a publisher needs to know which field of module.json is wrong.
package enum DecodingErrorText {
    package static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not valid JSON"
        case .dataCorrupted(let context):
            return "'\(path(context.codingPath))' has an impossible value"
        case .keyNotFound(let key, let context):
            return "'\(path(context.codingPath + [key]))' is missing"
        case .typeMismatch(_, let context):
            return "'\(path(context.codingPath))' has the wrong type"
        case .valueNotFound(_, let context):
            return "'\(path(context.codingPath))' is null"
        @unknown default:
            return "it cannot be decoded"
        }
    }

    /// "module.speakers[0].id": the shape a reader of the JSON would search for.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "(top level)" : text
    }
}
