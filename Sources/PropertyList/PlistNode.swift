import LessonpackDiagnostics

/// A property list value as read from a file: every value and every dictionary key knows where it was written, so
/// whatever later finds fault with it can point at the exact line and column. It keeps a mark (a byte offset) and
/// counts the line and column only when asked for its `location`.
package struct PlistNode: Sendable {
    package enum Content: Sendable {
        case string(String)
        case integer(PlistInteger)
        case real(Double)
        case bool(Bool)
        case date(PlistDate)
        case data([UInt8])
        case array([PlistNode])
        case dictionary(PlistDictionary)
        /// A value was written here but could not be read; the reader has already said why, so whoever reads
        /// the tree should skip it quietly rather than report it missing.
        case invalid
    }

    package var content: Content
    /// The `<` of the value's element.
    package var mark: SourceMark

    package init(_ content: Content, at mark: SourceMark) {
        self.content = content
        self.mark = mark
    }

    /// The `<` of the value's element, its line and column counted now.
    package var location: SourceLocation { mark.location }

    /// The element name the value was written with, for messages ("expected a string, found <integer>").
    package var elementName: String {
        switch content {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool(let value): value ? "true" : "false"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dict"
        case .invalid: "invalid value"
        }
    }

    /// The plain value, or nil when anything inside could not be read.
    package var value: PlistValue? {
        switch content {
        case .string(let value): return .string(value)
        case .integer(let value): return .integer(value)
        case .real(let value): return .real(value)
        case .bool(let value): return .bool(value)
        case .date(let value): return .date(value)
        case .data(let value): return .data(value)
        case .array(let items):
            var values: [PlistValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = item.value else { return nil }
                values.append(value)
            }
            return .array(values)
        case .dictionary(let dictionary):
            var entries: [PlistEntry] = []
            entries.reserveCapacity(dictionary.entries.count)
            for entry in dictionary.entries {
                guard let value = entry.value.value else { return nil }
                entries.append(PlistEntry(entry.key, value))
            }
            return .dictionary(entries)
        case .invalid: return nil
        }
    }

    package var dictionary: PlistDictionary? {
        if case .dictionary(let dictionary) = content { dictionary } else { nil }
    }

    package var array: [PlistNode]? {
        if case .array(let items) = content { items } else { nil }
    }

    package var string: String? {
        if case .string(let value) = content { value } else { nil }
    }

    package var isInvalid: Bool {
        if case .invalid = content { true } else { false }
    }
}

/// A dictionary's entries in document order, each with where its key was written.
package struct PlistDictionary: Sendable {
    package struct Entry: Sendable {
        package var key: String
        package var keyMark: SourceMark
        package var value: PlistNode

        package init(key: String, keyMark: SourceMark, value: PlistNode) {
            self.key = key
            self.keyMark = keyMark
            self.value = value
        }

        /// Where the key is written, its line and column counted now.
        package var keyLocation: SourceLocation { keyMark.location }
    }

    package var entries: [Entry]

    package init(entries: [Entry] = []) { self.entries = entries }

    // Looked up by index rather than with `first(where:)`, which copies out every entry it passes (a key, a
    // location and a value, each retained and released): a module's decoding asks tens of thousands of times.
    package subscript(key: String) -> PlistNode? { index(of: key).map { entries[$0].value } }

    package func entry(_ key: String) -> Entry? { index(of: key).map { entries[$0] } }

    private func index(of key: String) -> Int? {
        for index in entries.indices where entries[index].key == key { return index }
        return nil
    }

    package var keys: [String] { entries.map(\.key) }
}
