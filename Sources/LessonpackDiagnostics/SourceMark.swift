import Synchronization

/// A file a reader has read, kept as its UTF-8 bytes so that a byte offset can become the line and column an editor
/// shows when, and only when, something asks: a diagnostic does, and reading a valid file almost never does. Counting
/// lines for every element of every file was a tenth of reading a property list.
package final class SourceText: Sendable {
    /// The file's name as diagnostics show it.
    package let file: String
    /// The file's bytes when they are UTF-8 and byte offsets into them are given; otherwise empty.
    private let bytes: [UInt8]
    /// The position at every `stride`-th byte, counted through the whole file when a position is first asked for:
    /// a position is then at most `stride` bytes of counting away, even on a line of a megabyte holding twenty
    /// thousand mistakes (the hostile corpus has one).
    private let checkpoints = Mutex<[SourcePosition]?>(nil)
    private static let stride = 1024

    package init(file: String, utf8 bytes: [UInt8] = []) {
        self.file = file
        self.bytes = bytes
    }

    /// The line and column of the character that starts at byte `offset`, counted as an editor counts: a line ends
    /// at LF, at CR LF or at a lone CR; a column is one Unicode scalar, a tab included; a byte-order mark before the
    /// first line is no column.
    package func position(ofByte offset: Int) -> SourcePosition {
        let offset = min(max(0, offset), bytes.count)
        let checkpoint = checkpoints.withLock { cached in
            let all = cached ?? counted()
            cached = all
            return all[offset / Self.stride]
        }
        return advance(checkpoint, from: offset / Self.stride * Self.stride, to: offset)
    }

    /// Whether any position has been asked for yet: reading and checking a valid file should never need one.
    package var hasCountedLines: Bool { checkpoints.withLock { $0 != nil } }

    private func counted() -> [SourcePosition] {
        let count = bytes.count / Self.stride + 1
        var all: [SourcePosition] = []
        all.reserveCapacity(count)
        var position = SourcePosition(line: 1, column: 1)
        for checkpoint in 0..<count {
            position = advance(position, from: max(0, checkpoint - 1) * Self.stride, to: checkpoint * Self.stride)
            all.append(position)
        }
        return all
    }

    /// Where the first line's first character is: after a byte-order mark, if the file has one.
    private var firstCharacter: Int { bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }

    /// The position at byte `end`, from the position at byte `start`.
    private func advance(_ position: SourcePosition, from start: Int, to end: Int) -> SourcePosition {
        var (line, column) = (position.line, position.column)
        var index = max(start, firstCharacter)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourcePosition(line: line, column: column)
    }
}

/// A place in a text, without the text: a byte offset, turned into a line and column only when asked for; a
/// position already counted, for text a reader could not keep as UTF-8 bytes; or no place but the file itself.
/// What a parser hands out with every event, so it holds nothing to retain.
package enum SourcePlace: Sendable, Hashable {
    case byte(Int)
    case position(SourcePosition)
    case wholeFile
}

extension SourceText {
    /// The line and column of `place`, counted now if need be; nil for the whole file.
    package func position(of place: SourcePlace) -> SourcePosition? {
        switch place {
        case .byte(let offset): position(ofByte: offset)
        case .position(let position): position
        case .wholeFile: nil
        }
    }
}

/// Where something was written in a `SourceText`: a place, and the text that can count its line and column.
package struct SourceMark: Sendable {
    package let text: SourceText
    package let place: SourcePlace

    package init(_ place: SourcePlace, in text: SourceText) {
        self.text = text
        self.place = place
    }

    package init(_ position: SourcePosition?, in text: SourceText) {
        self.init(position.map { .position($0) } ?? .wholeFile, in: text)
    }

    /// The line and column, counted now if need be; nil for the whole file.
    package var position: SourcePosition? { text.position(of: place) }

    package var location: SourceLocation { SourceLocation(file: text.file, position: position) }
}
