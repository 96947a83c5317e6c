import LessonpackDiagnostics
import XMLStream

/// Turns the XML event stream into a located `PlistNode` tree, checking the property list grammar as it goes and
/// carrying on after each problem so one run reports as many as the XML allows.
///
/// Without `keepingValues` it checks exactly the same and builds no tree: a value is judged, then dropped, and a
/// `<string>`'s text is never made into a String. That is all `plist lint` needs, and the one grammar serves both.
final class PlistTreeBuilder: XMLStreamDelegate {
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var root: PlistNode?
    /// Comments and processing instructions by where they stand; nil unless asked for.
    private(set) var comments: PlistComments?
    private let file: String
    private var stack: [Frame] = []
    private let keepsValues: Bool
    /// Set, and the reading stopped, when a `<string>` that is not being kept holds a C1 control character: the
    /// warning's place is counted through the string's text, so the file must be read again keeping it. Such
    /// files are rare; the others are spared a String for every string.
    private(set) var needsValues = false

    init(file: String, keepingComments: Bool = false, keepingValues: Bool = true) {
        self.file = file
        comments = keepingComments ? PlistComments() : nil
        // Where a comment stands is counted in the values before it.
        keepsValues = keepingValues || keepingComments
    }

    /// An element being read. Most are scalars, so a frame holds only what every element needs; what a
    /// `<plist>`, `<dict>` or `<array>` gathers is in `containers`, which frames push and pop far less often.
    private struct Frame {
        enum Kind {
            case plist, dictionary, array
            case scalar(ElementName)
            /// A subtree already reported as wrong; `placeholder` says whether it still fills a value slot.
            case skipped(placeholder: Bool)
        }
        var kind: Kind
        /// The `<` of the start tag.
        var mark: SourceMark
        /// False for a value that has no place to go (a value without a key, a second root value): it is still
        /// checked, then dropped.
        var keep: Bool
        /// The frame's place in `containers`, for a `<plist>`, `<dict>` or `<array>`.
        var container = -1
    }

    /// The text of the scalar being read, as it arrived. Only one scalar is ever open (an element inside one is
    /// refused and skipped), so its text lives here rather than in every frame, which holds nothing to retain.
    private var scalarText = TextPieces()
    /// Elements found inside that scalar, reported when it closes: if it never does, the XML error that says so
    /// is the one mistake, and these are only its echoes.
    private var elementsInScalar: [Diagnostic] = []

    /// What an open `<plist>`, `<dict>` or `<array>` has gathered so far, in stored properties rather than in
    /// `Frame.Kind`'s payloads: a payload can only be changed by copying it out and back, which copies a long array
    /// on every append, while a stored property is appended to in place.
    private struct Container {
        /// `<plist>`'s one value.
        var value: PlistNode?
        /// A `<dict>`'s entries so far, and the key waiting for its value.
        var dictionary = PlistDictionary()
        var pendingKey: PendingKey?
        /// Where each key was first written, once the dictionary is too long to search: most dictionaries hold a
        /// handful of keys, and hashing each one costs more than looking through them.
        var keyIndex: [String: SourceMark] = [:]
        /// An `<array>`'s items so far.
        var items: [PlistNode] = []

        /// Where `key` was first written in this dictionary, if it was. Every key written so far is in `entries`,
        /// except duplicates, whose first occurrence is.
        mutating func firstMark(of key: String) -> SourceMark? {
            let entries = dictionary.entries
            guard entries.count > 16 else {
                for index in entries.indices where entries[index].key == key { return entries[index].keyMark }
                return nil
            }
            if keyIndex.count < entries.count {
                for entry in entries[keyIndex.count...] where keyIndex[entry.key] == nil {
                    keyIndex[entry.key] = entry.keyMark
                }
            }
            return keyIndex[key]
        }
    }
    private var containers: [Container] = []

    private struct PendingKey {
        var key: String
        var mark: SourceMark
        /// A repeated key or an unreadable element in a key's place: its value is checked, then dropped.
        var dropsValue = false
        /// An unreadable element in a key's place, already reported: no more complaints about it.
        var isStandIn = false
    }

    struct TextPiece {
        var start: SourcePlace
        var text: String
    }

    /// A scalar's text as it arrived: nearly always in one piece, which needs no array.
    struct TextPieces {
        private(set) var first: TextPiece?
        private var rest: [TextPiece] = []

        mutating func append(_ piece: TextPiece) {
            if first == nil { first = piece } else { rest.append(piece) }
        }

        var all: [TextPiece] { first.map { [$0] + rest } ?? [] }
        var text: String {
            guard let first else { return "" }
            return rest.isEmpty ? first.text : all.map(\.text).joined()
        }
    }

    enum ElementName: String, CaseIterable {
        case plist, dict, array, key, string, integer, real, date, data
        case `true`, `false`

        /// `init(rawValue:)` compares the name with each case in turn; this is asked for every tag, so it picks
        /// the one candidate by length and first letter, then compares once.
        init?(name: String) {
            let utf8 = name.utf8
            guard let first = utf8.first else { return nil }
            let candidate: ElementName? = switch (utf8.count, first) {
            case (3, UInt8(ascii: "k")): .key
            case (4, UInt8(ascii: "d")): name == "dict" ? .dict : name == "data" ? .data : .date
            case (4, UInt8(ascii: "r")): .real
            case (4, UInt8(ascii: "t")): .true
            case (5, UInt8(ascii: "p")): .plist
            case (5, UInt8(ascii: "a")): .array
            case (5, UInt8(ascii: "f")): .false
            case (6, _): .string
            case (7, _): .integer
            default: nil
            }
            guard let candidate, candidate.rawValue == name else { return nil }
            self = candidate
        }
    }

    // MARK: - XMLStreamDelegate

    func xmlStream(_ stream: XMLStream, didStartElement name: String, attributes: [XMLAttribute],
                   at start: SourcePlace, contentStart: SourcePlace) {
        let mark = SourceMark(start, in: stream.source)
        // By index, here and below: `stack.last` would copy the whole frame, retaining everything it holds.
        if let top = stack.indices.last {
            switch stack[top].kind {
            case .skipped:
                return push(.skipped(placeholder: false), at: mark)
            case .scalar(let parent):
                elementsInScalar.append(
                    .error(.misplacedElement, "<\(name)> cannot appear inside <\(parent.rawValue)>" +
                           (parent == .string || parent == .key ? "; write '&lt;' for a literal '<'" : ""),
                           at: mark.location))
                return push(.skipped(placeholder: false), at: mark)
            default:
                break
            }
        } else if name != ElementName.plist.rawValue, ElementName(name: name) == nil {
            report(.error(.wrongRoot, "this is not a property list: its root element is <\(name)>, " +
                            "expected <plist>", at: mark.location))
            return stream.stop()
        }

        guard let element = ElementName(name: name) else {
            let hint = DidYouMean.hint(for: name, among: ElementName.allCases.map(\.rawValue))
            report(.error(.unknownElement, "unknown element <\(name)>\(hint)", at: mark.location))
            if standInForKey(name, at: mark) { return push(.skipped(placeholder: false), at: mark) }
            return push(.skipped(placeholder: claimValueSlot(for: name, at: mark)), at: mark)
        }
        switch element {
        case .plist:
            if stack.isEmpty { return push(.plist, at: mark) }
            report(.error(.misplacedElement, "<plist> can only be the outermost element", at: mark.location))
            push(.skipped(placeholder: claimValueSlot(for: name, at: mark)), at: mark)
        case .key:
            claimKeySlot(at: mark)
            push(.scalar(.key), at: mark)
        case .dict:
            push(.dictionary, at: mark, keep: claimValueSlot(for: name, at: mark))
        case .array:
            push(.array, at: mark, keep: claimValueSlot(for: name, at: mark))
        default:
            push(.scalar(element), at: mark, keep: claimValueSlot(for: name, at: mark))
        }
    }

    func xmlStream(_ stream: XMLStream, didEndElement name: String, at end: SourcePlace) {
        guard let frame = stack.popLast() else { return }
        let mark = frame.mark
        if case .scalar = frame.kind { elementsInScalar.forEach(report) }
        switch frame.kind {
        case .skipped(let placeholder):
            if placeholder { deliver(PlistNode(.invalid, at: mark)) }
        case .plist:
            let container = containers.removeLast()
            if container.value == nil {
                report(.error(.emptyPlist, "the property list is empty: <plist> must hold one value", at: mark.location))
            }
            root = container.value
        case .dictionary:
            let container = containers.removeLast()
            if let pendingKey = container.pendingKey, !pendingKey.isStandIn {
                report(.error(.keyWithoutValue, "key '\(pendingKey.key)' has no value", at: pendingKey.mark.location))
            }
            deliver(PlistNode(.dictionary(container.dictionary), at: mark), keep: frame.keep)
        case .array:
            let container = containers.removeLast()
            deliver(PlistNode(.array(container.items), at: mark), keep: frame.keep)
        case .scalar(.string) where !keepsValues:
            // Nothing was kept of its text, and there is nothing to judge in it: 400 instructions a string saved.
            deliver(PlistNode(.invalid, at: mark), keep: frame.keep)
        case .scalar(let element):
            // Moved out rather than copied, which would retain and release every piece.
            var pieces = TextPieces()
            swap(&pieces, &scalarText)
            let text = pieces.text
            if element == .key || element == .string {
                warnAboutC1ControlCharacters(in: text, pieces: pieces, at: mark, of: stream)
            }
            if element == .key { return finishKey(text, at: mark) }
            deliver(scalar(element, text: text, pieces: pieces, at: mark), keep: frame.keep)
        }
    }

    func xmlStream(_ stream: XMLStream, foundText piece: XMLText, at start: SourcePlace, isCDATA: Bool) {
        guard let top = stack.indices.last else { return }
        switch stack[top].kind {
        case .scalar(.string) where !keepsValues:
            // Its text is not kept: only a C1 control character would be reported in it.
            if C1ControlCharacters.containsC1(piece.utf8) {
                needsValues = true
                stream.stop()
            }
        case .scalar:
            scalarText.append(TextPiece(start: start, text: piece.string))
        case .skipped:
            break
        default:
            if piece.isBlank {
                if comments != nil, piece.lineFeeds >= 2, let slot = slotForMarkup() {
                    comments?.append(.blankLine, at: slot)
                }
                return
            }
            let text = piece.string
            let (body, offset) = ScalarText.trimmed(text)
            guard !body.isEmpty else { return }
            let shown = body.count > 30 ? body.prefix(30) + "…" : body
            report(.error(.unexpectedText, "text '\(shown)' outside any value: put it in a <string> or remove it",
                          at: location(in: [TextPiece(start: start, text: text)], offset: offset, of: stream.source)))
        }
    }

    func xmlStream(_ stream: XMLStream, foundMarkup markup: XMLMarkup) {
        guard comments != nil, let slot = slotForMarkup() else { return }
        comments?.append(.markup(markup), at: slot)
    }

    /// Where markup met now belongs: before the next key or value of the innermost open element.
    private func slotForMarkup() -> PlistComments.Slot? {
        guard let top = stack.indices.last else { return root == nil ? .beforeDocument : .afterDocument }
        let open = stack[top].container
        switch stack[top].kind {
        case .plist:
            return containers[open].value == nil ? .before([]) : .afterRoot
        case .dictionary:
            let next = indexPath(of: top) + [containers[open].dictionary.entries.count]
            return containers[open].pendingKey == nil ? .beforeKey(next) : .before(next)
        case .array:
            return .before(indexPath(of: top) + [containers[open].items.count])
        case .scalar(.key):
            // Inside a <key>: it moves before that key.
            guard top > 0 else { return nil }
            return .beforeKey(indexPath(of: top - 1) + [containers[stack[top - 1].container].dictionary.entries.count])
        case .scalar:
            // Inside a value: it moves before the value, which it cannot split.
            return .before(indexPath(of: top))
        case .skipped:
            return nil
        }
    }

    /// The index path of the value the frame at `position` is reading: a parent's child count, while the child is
    /// open, is the child's index. The root value's frame is the first, or the second after <plist>.
    private func indexPath(of position: Int) -> [Int] {
        let rootPosition = if case .plist? = stack.first?.kind { 1 } else { 0 }
        guard position > rootPosition else { return [] }
        return (rootPosition..<position).map { parent in
            switch stack[parent].kind {
            case .dictionary: containers[stack[parent].container].dictionary.entries.count
            default: containers[stack[parent].container].items.count
            }
        }
    }

    // MARK: - Slots

    /// A value is starting: make sure its parent has room for it, reporting when not. Returns whether to keep it.
    private func claimValueSlot(for name: String, at mark: SourceMark) -> Bool {
        guard let top = stack.indices.last else { return true }
        let open = stack[top].container
        switch stack[top].kind {
        case .plist:
            guard let value = containers[open].value else { return true }
            report(.error(.extraValue, "a property list holds exactly one value; this <\(name)> is a second one",
                          at: mark.location, notes: [.init("the first value starts here", at: value.location)]))
            return false
        case .dictionary where containers[open].pendingKey == nil:
            report(.error(.valueWithoutKey, "<\(name)> in a <dict> must follow a <key>", at: mark.location))
            return false
        default:
            return true
        }
    }

    /// A `<key>` is starting: it belongs in a dictionary, after a value or at the start.
    private func claimKeySlot(at mark: SourceMark) {
        guard let top = stack.indices.last, case .dictionary = stack[top].kind else {
            report(.error(.misplacedElement, "<key> is only allowed inside a <dict>", at: mark.location))
            return
        }
        let open = stack[top].container
        guard let pendingKey = containers[open].pendingKey else { return }
        if !pendingKey.isStandIn {
            report(.error(.consecutiveKeys, "expected a value for key '\(pendingKey.key)', found another <key>",
                          at: mark.location,
                          notes: [.init("key '\(pendingKey.key)' is here", at: pendingKey.mark.location)]))
        }
        // The earlier key did say it exists; keep it, valueless, so readers of the tree do not call it missing.
        if !pendingKey.dropsValue {
            containers[open].dictionary.entries.append(.init(key: pendingKey.key, keyMark: pendingKey.mark,
                                                             value: PlistNode(.invalid, at: pendingKey.mark)))
        }
        containers[open].pendingKey = nil
    }

    private func finishKey(_ key: String, at mark: SourceMark) {
        guard let top = stack.indices.last, case .dictionary = stack[top].kind else { return }
        let open = stack[top].container
        var dropsValue = false
        if let first = containers[open].firstMark(of: key) {
            dropsValue = true
            report(.error(.duplicateKey, "duplicate key '\(key)'", at: mark.location,
                          notes: [.init("'\(key)' was first defined here", at: first.location)]))
        }
        containers[open].pendingKey = PendingKey(key: key, mark: mark, dropsValue: dropsValue)
    }

    /// An unknown element where a dictionary expects a key is most likely a misspelt `<key>`: let it stand in for
    /// one, so the value after it is not reported as a second, cascading mistake.
    private func standInForKey(_ name: String, at mark: SourceMark) -> Bool {
        guard let top = stack.indices.last, case .dictionary = stack[top].kind,
              containers[stack[top].container].pendingKey == nil
        else { return false }
        containers[stack[top].container].pendingKey = PendingKey(key: "<\(name)>", mark: mark, dropsValue: true,
                                                                 isStandIn: true)
        return true
    }

    /// Hands a finished value to its parent. Without `keepsValues`, a dictionary still keeps its keys, to find the
    /// duplicates, and `<plist>` its first value, to say where it is; the values themselves are stand-ins.
    private func deliver(_ node: PlistNode, keep: Bool = true) {
        guard keep else { return }
        let node = keepsValues ? node : PlistNode(.invalid, at: node.mark)
        guard let top = stack.indices.last else {
            root = node
            return
        }
        let open = stack[top].container
        switch stack[top].kind {
        case .plist where containers[open].value == nil:
            containers[open].value = node
        case .dictionary:
            guard let pendingKey = containers[open].pendingKey else { return }
            // The first of two duplicate keys wins: it is the one a reader of the file meets first.
            if !pendingKey.dropsValue {
                containers[open].dictionary.entries.append(.init(key: pendingKey.key, keyMark: pendingKey.mark,
                                                                 value: node))
            }
            containers[open].pendingKey = nil
        case .array:
            if keepsValues { containers[open].items.append(node) }
        default:
            break
        }
    }

    // MARK: - Scalars

    private func scalar(_ element: ElementName, text: String, pieces: TextPieces, at mark: SourceMark)
        -> PlistNode {
        func read<T>(_ result: Result<T, ScalarText.Problem>, _ make: (T) -> PlistNode.Content) -> PlistNode {
            switch result {
            case .success(let value):
                return PlistNode(make(value), at: mark)
            case .failure(let problem):
                report(.error(problem.code, problem.message, at: self.location(in: pieces.all, offset: problem.offset,
                                                                               fallback: mark)))
                return PlistNode(.invalid, at: mark)
            }
        }
        switch element {
        case .string: return PlistNode(.string(text), at: mark)
        case .integer: return read(ScalarText.integer(text), PlistNode.Content.integer)
        case .real: return read(ScalarText.real(text), PlistNode.Content.real)
        case .date: return read(ScalarText.date(text), PlistNode.Content.date)
        case .data:
            let (result, ignored) = ScalarText.data(text)
            if let ignored {
                report(.warning(ignored.code, ignored.message,
                                at: self.location(in: pieces.all, offset: ignored.offset, fallback: mark)))
            }
            return read(result, PlistNode.Content.data)
        case .true, .false:
            let (body, offset) = ScalarText.trimmed(text)
            if !body.isEmpty {
                report(.error(.invalidBool, "<\(element.rawValue)/> takes no content; found '\(body)'",
                              at: self.location(in: pieces.all, offset: offset, fallback: mark)))
                return PlistNode(.invalid, at: mark)
            }
            return PlistNode(.bool(element == .true), at: mark)
        case .plist, .dict, .array, .key:
            return PlistNode(.invalid, at: mark)
        }
    }

    /// Text holding U+0080–U+009F was most likely decoded with the wrong encoding: say so where it starts.
    private func warnAboutC1ControlCharacters(in text: String, pieces: TextPieces, at mark: SourceMark,
                                              of stream: XMLStream) {
        guard let finding = C1ControlCharacters.find(in: text) else { return }
        let message = C1ControlCharacters.message(for: finding, declaredEncoding: stream.declaredEncoding)
        report(.warning(.c1ControlCharacter, message,
                        at: self.location(in: pieces.all, offset: finding.offset, fallback: mark)))
    }

    // MARK: - Helpers

    private func push(_ kind: Frame.Kind, at mark: SourceMark, keep: Bool = true) {
        var frame = Frame(kind: kind, mark: mark, keep: keep)
        switch kind {
        case .plist, .array:
            frame.container = containers.count
            containers.append(Container())
        case .dictionary:
            frame.container = containers.count
            var container = Container()
            // Room for a typical dictionary's keys (a transcript line has five): growing from one entry to five
            // took three copies of the array, for every line of a module.
            container.dictionary.entries.reserveCapacity(8)
            containers.append(container)
        case .scalar:
            // Both are empty unless a scalar was left open by an XML error, after which nothing is read.
            if scalarText.first != nil { scalarText = TextPieces() }
            elementsInScalar.removeAll(keepingCapacity: true)
        case .skipped:
            break
        }
        stack.append(frame)
    }

    private func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// The position of the character `offset` characters into text that arrived in `pieces`.
    private func location(in pieces: [TextPiece], offset: Int, of source: SourceText) -> SourceLocation {
        location(in: pieces, offset: offset, fallback: SourceMark(.wholeFile, in: source))
    }

    /// The position of the character `offset` characters into text that arrived in `pieces`, or `fallback`'s.
    private func location(in pieces: [TextPiece], offset: Int, fallback: SourceMark) -> SourceLocation {
        var remaining = offset
        for (index, piece) in pieces.enumerated() {
            let count = piece.text.count
            if remaining < count || index == pieces.count - 1, var position = fallback.text.position(of: piece.start) {
                for character in piece.text.prefix(remaining) {
                    if character == "\n" || character == "\r\n" {
                        position = SourcePosition(line: position.line + 1, column: 1)
                    } else {
                        position.column += character.unicodeScalars.count
                    }
                }
                return SourceLocation(file: file, position: position)
            }
            remaining -= count
        }
        return fallback.location
    }
}
