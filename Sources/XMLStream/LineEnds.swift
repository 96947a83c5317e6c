#if canImport(Glibc)
import Glibc
#endif
import LessonpackDiagnostics

/// How a file's own bytes divide into characters: enough to count lines and columns as an editor does, without
/// decoding the text. Encodings that are none of these (Shift_JIS, UTF-32, …) are not walked at all.
enum CharacterLayout: Equatable {
    case utf8
    case utf16(bigEndian: Bool)
    /// One byte per character: ISO-8859-x, Windows-125x and their kin.
    case singleByte

    private static let lineFeed: UInt32 = 0x0A
    private static let carriageReturn: UInt32 = 0x0D

    /// Calls `body` with each character's byte offset and its code, until `body` returns false. Codes below 0x80
    /// are exact; any other character is reported as 0x80, which is all line counting needs. A byte-order mark
    /// is not a character.
    func walk(_ bytes: [UInt8], _ body: (_ offset: Int, _ code: UInt32) -> Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            switch self {
            case .utf8:
                var offset = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
                while offset < buffer.count {
                    let byte = buffer[offset]
                    // A continuation byte belongs to the character before it.
                    if byte & 0xC0 != 0x80, !body(offset, byte < 0x80 ? UInt32(byte) : 0x80) { return }
                    offset += 1
                }
            case .utf16(let bigEndian):
                var offset = buffer.starts(with: [0xFE, 0xFF]) || buffer.starts(with: [0xFF, 0xFE]) ? 2 : 0
                while offset + 1 < buffer.count {
                    let unit = bigEndian ? UInt32(buffer[offset]) << 8 | UInt32(buffer[offset + 1])
                        : UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset])
                    // The second half of a surrogate pair belongs to the first.
                    if !(0xDC00...0xDFFF).contains(unit), !body(offset, unit < 0x80 ? unit : 0x80) { return }
                    offset += 2
                }
            case .singleByte:
                for offset in buffer.indices {
                    let byte = buffer[offset]
                    if !body(offset, byte < 0x80 ? UInt32(byte) : 0x80) { return }
                }
            }
        }
    }

    /// The position of the character at byte `target`, counting CR, LF and CRLF each as one line end.
    func position(ofByte target: Int, in bytes: [UInt8]) -> SourcePosition {
        var position = SourcePosition(line: 1, column: 1)
        var afterCarriageReturn = false
        walk(bytes) { offset, code in
            guard offset < target else { return false }
            if code == Self.lineFeed {
                if !afterCarriageReturn { position = SourcePosition(line: position.line + 1, column: 1) }
            } else if code == Self.carriageReturn {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else {
                position.column += 1
            }
            afterCarriageReturn = code == Self.carriageReturn
            return true
        }
        return position
    }

    /// Where each CR that is not part of a CRLF stands, as libxml2 counts positions: lines end at LF only, and such
    /// a CR is one more character of its line.
    func loneCarriageReturns(in bytes: [UInt8]) -> [SourcePosition] {
        var found: [SourcePosition] = []
        var position = SourcePosition(line: 1, column: 1)
        var pendingCarriageReturn: SourcePosition?
        walk(bytes) { _, code in
            if let carriageReturn = pendingCarriageReturn {
                pendingCarriageReturn = nil
                if code != Self.lineFeed {
                    found.append(carriageReturn)
                    position.column += 1
                }
            }
            if code == Self.lineFeed {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else if code == Self.carriageReturn {
                pendingCarriageReturn = position
            } else {
                position.column += 1
            }
            return true
        }
        if let carriageReturn = pendingCarriageReturn { found.append(carriageReturn) }
        return found
    }
}

/// libxml2 ends a line at LF only, so in a file with old Mac line ends (CR alone) everything is on line 1. This
/// turns its positions into ones where CR, LF and CRLF each end a line.
struct LineEndTranslation {
    /// The lone CRs in document order, at libxml2's positions.
    private let carriageReturns: [SourcePosition]

    init(loneCarriageReturns: [SourcePosition]) {
        carriageReturns = loneCarriageReturns
    }

    var isIdentity: Bool { carriageReturns.isEmpty }

    func translate(_ position: SourcePosition) -> SourcePosition {
        // How many lone CRs come before the position: each is one more line end.
        var low = 0
        var high = carriageReturns.count
        while low < high {
            let middle = (low + high) / 2
            if carriageReturns[middle] < position { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return position }
        let last = carriageReturns[low - 1]
        let column = last.line == position.line ? position.column - last.column : position.column
        return SourcePosition(line: position.line + low, column: column)
    }

    /// Whether `bytes` may hold a CR without an LF after it: a cheap test that spares most files the full walk.
    /// (In UTF-16 a CRLF's CR is followed by a zero byte, so such files always take the walk.)
    static func mayHaveLoneCarriageReturns(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var start = UnsafeRawPointer(base)
            let end = start + buffer.count
            // memchr: most files have no CR at all, and the rest have them only in CRLFs.
            while start < end, let found = memchr(start, 0x0D, end - start) {
                let next = UnsafeRawPointer(found) + 1
                if next == end || next.load(as: UInt8.self) != 0x0A { return true }
                start = next
            }
            return false
        }
    }
}
