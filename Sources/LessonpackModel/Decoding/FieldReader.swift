import LessonpackDiagnostics
import PropertyList

/// Reads the fields of one source dictionary against the keys it may hold: type-checks each value, notes the
/// required ones that are missing, and on `finish()` reports keys it does not know, suggesting the likely meant
/// one. A misspelt required key is reported once, as the misspelling, not again as a missing key. Each problem
/// carries the `ModulePath` of the field it is about, so the studio shows it at that field.
final class FieldReader {
    let origin: EntryOrigin
    private let what: String
    private let knownKeys: [String]
    private let sink: DiagnosticSink
    private var missing: [String] = []
    /// The path of the field under a key (nil: the entry itself, or a key it does not have).
    let path: (String?) -> ModulePath

    /// Nil (after reporting) when `node` is not a dictionary. `what` names the entry in messages ("line 'l03'").
    init?(_ node: PlistNode, what: String, knownKeys: [String], sink: DiagnosticSink,
          path: @escaping (String?) -> ModulePath) {
        guard let dictionary = node.dictionary else {
            if !node.isInvalid {
                sink.report(.error(.wrongType, "\(what) must be a <dict>, found <\(node.elementName)>",
                                   at: node.location))
            }
            return nil
        }
        self.origin = EntryOrigin(mark: node.mark, fields: dictionary)
        self.what = what
        self.knownKeys = knownKeys
        self.sink = sink
        self.path = path
    }

    private func report(_ diagnostic: Diagnostic, key: String?) { sink.report(diagnostic.about(path(key))) }

    /// The value under `key`, or nil when absent (noted if required) or already reported as unreadable.
    func node(_ key: String, required: Bool = true) -> PlistNode? {
        guard let node = origin.fields[key] else {
            if required { missing.append(key) }
            return nil
        }
        return node.isInvalid ? nil : node
    }

    func string(_ key: String, required: Bool = true, allowEmpty: Bool = false) -> String? {
        guard let node = node(key, required: required) else { return nil }
        guard let value = node.string else { return wrongType(key, node, expected: "a <string>") }
        // A visible ASCII first byte settles it without walking the text by Character.
        let startsVisibly = value.utf8.first.map { $0 > 0x20 && $0 < 0x7F } ?? false
        if !allowEmpty, !startsVisibly, value.allSatisfy(\.isWhitespace) {
            report(.error(.emptyValue, "'\(key)' of \(what) is empty", at: node.location), key: key)
        }
        return value
    }

    /// An identifier other files refer to: no spaces or punctuation that would make references ambiguous.
    func identifier(_ key: String = "id") -> String? {
        guard let value = string(key), let node = origin.fields[key] else { return nil }
        if !value.isEmpty, !Identifier.isValid(value) {
            report(.error(.invalidID, "'\(value)' is not a valid \(key): use letters, digits, '-', '_' " +
                          "and '.' only, e.g. 'line-01'", at: node.location), key: key)
        }
        return value
    }

    func bool(_ key: String, required: Bool = true) -> Bool? {
        guard let node = node(key, required: required) else { return nil }
        guard case .bool(let value) = node.content else { return wrongType(key, node, expected: "<true/> or <false/>") }
        return value
    }

    func integer(_ key: String, required: Bool = true) -> Int? {
        guard let node = node(key, required: required) else { return nil }
        guard case .integer(let value) = node.content else { return wrongType(key, node, expected: "an <integer>") }
        guard let int = value.intValue else {
            report(.error(.invalidNumber, "'\(key)' is too large", at: node.location), key: key)
            return nil
        }
        return int
    }

    func number(_ key: String, required: Bool = true) -> Double? {
        guard let node = node(key, required: required) else { return nil }
        switch node.content {
        case .integer(let value): return value.doubleValue
        case .real(let value) where value.isFinite: return value
        case .real(let value): return notFinite(value, key, at: node)
        default: return wrongType(key, node, expected: "a number (<integer> or <real>)")
        }
    }

    /// A time in the video: seconds as a number, or a string such as `1:02.5` or `0:01:02.500`.
    func time(_ key: String, required: Bool = true) -> Double? {
        guard let node = node(key, required: required) else { return nil }
        let seconds: Double
        switch node.content {
        case .integer(let value): seconds = value.doubleValue
        case .real(let value) where value.isFinite: seconds = value
        case .real(let value): return notFinite(value, key, at: node, code: .invalidTime)
        case .string(let text):
            switch TimeText.parse(text) {
            case .success(let parsed): seconds = parsed
            case .failure(let problem):
                report(.error(.invalidTime, "'\(text)' is not a time: \(problem.reason); write seconds " +
                              "(<real>2.5</real>), minutes:seconds (<string>1:02.5</string>) or " +
                              "hours:minutes:seconds (<string>1:01:02.5</string>)", at: node.location), key: key)
                return nil
            }
        default:
            return wrongType(key, node, expected: "a time (seconds, or a string like 1:02.5)")
        }
        guard (0...TimeText.longest).contains(seconds) else {
            report(.error(.invalidTime, "a time in the video runs from 0 to 99:59:59.999, not \(seconds) seconds",
                          at: node.location), key: key)
            return nil
        }
        return seconds
    }

    /// `<real>nan</real>` and `<real>inf</real>` are reals, but no measure of anything in a lesson.
    private func notFinite(_ value: Double, _ key: String, at node: PlistNode, code: DiagnosticCode = .wrongType)
        -> Double? {
        report(.error(code, "'\(value)' is not a finite number; write a number such as 2.5", at: node.location), key: key)
        return nil
    }

    func array(_ key: String, required: Bool = true) -> [PlistNode]? {
        guard let node = node(key, required: required) else { return nil }
        guard let items = node.array else { return wrongType(key, node, expected: "an <array>") }
        return items
    }

    /// An array of strings; elements of other types are reported and left out.
    func strings(_ key: String, required: Bool = true) -> [String]? {
        guard let items = array(key, required: required) else { return nil }
        return items.compactMap { item in
            if item.isInvalid { return nil }
            guard let value = item.string else {
                report(.error(.wrongType, "each entry of '\(key)' must be a <string>, found " +
                              "<\(item.elementName)>", at: item.location), key: key)
                return nil
            }
            return value
        }
    }

    /// Reports unknown keys and missing required ones. Call once, after reading every field.
    func finish() {
        var stillMissing = missing
        for entry in origin.fields.entries where !knownKeys.contains(entry.key) {
            let suggestion = DidYouMean.suggestion(for: entry.key, among: knownKeys)
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            if let suggestion, let index = stillMissing.firstIndex(of: suggestion) {
                stillMissing.remove(at: index)
                report(.error(.unknownKey, "unknown key '\(entry.key)' in \(what)\(hint)", at: entry.keyLocation), key: nil)
            } else {
                let known = knownKeys.map { "'\($0)'" }.joined(separator: ", ")
                report(.warning(.unknownKey, "unknown key '\(entry.key)' in \(what)" +
                                (suggestion == nil ? " (it knows \(known))" : hint), at: entry.keyLocation), key: nil)
            }
        }
        for key in stillMissing {
            // At the entry that lacks it, about the field to fill in.
            report(.error(.missingKey, "\(what) is missing '\(key)'", at: origin.location), key: key)
        }
    }

    private func wrongType<T>(_ key: String, _ node: PlistNode, expected: String) -> T? {
        report(.error(.wrongType, "'\(key)' must be \(expected), found <\(node.elementName)>", at: node.location), key: key)
        return nil
    }
}
