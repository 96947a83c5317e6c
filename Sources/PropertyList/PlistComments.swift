import XMLStream

/// The comments (and processing instructions, and blank lines) of a property list, each tied to the value or key
/// it precedes, so that a formatter that reorders keys or re-indents can put every comment back beside what it was
/// written about, and keep the blank lines an author used to group entries.
/// Values are named by index paths: `[]` is the root value, `[2, 0]` the first item of the root's third entry.
package struct PlistComments: Sendable, Equatable {
    package enum Slot: Hashable, Sendable {
        /// Before `<plist>`.
        case beforeDocument
        /// Before the value at the path: for a dictionary's value, between its `<key>` and the value. The path
        /// one past a container's last child holds what comes before its closing tag.
        case before([Int])
        /// Before the `<key>` of the dictionary entry at the path (one past the last: before `</dict>`).
        case beforeKey([Int])
        /// Inside `<plist>`, after its value.
        case afterRoot
        /// After `</plist>`.
        case afterDocument
    }

    package enum Item: Hashable, Sendable {
        case markup(XMLMarkup)
        /// One or more empty lines between elements.
        case blankLine
    }

    package private(set) var items: [Slot: [Item]] = [:]

    package init() {}

    /// How many comments and processing instructions (blank lines not counted).
    package var markupCount: Int { items.values.joined().filter { $0 != .blankLine }.count }

    package subscript(slot: Slot) -> [Item] { items[slot] ?? [] }

    mutating func append(_ item: Item, at slot: Slot) {
        if item == .blankLine, items[slot]?.last == .blankLine { return }
        items[slot, default: []].append(item)
    }
}
