import Foundation
import LessonpackCore
import LessonpackDiagnostics
import LessonpackSystem

/// Reads binary property lists (`bplist00`) into the same tree the XML reader makes, for the `plist` tools, the
/// way `plutil` reads them. Foundation's `PropertyListSerialization` does the decoding; this code only bounds what
/// it is given (`BinaryPlistShape`) and maps what it returns into our values.
///
/// What the binary format cannot give back: positions (every diagnostic names the file only), and dictionary key
/// order. Foundation hands dictionaries over unordered, so keys are sorted as `plutil` writes them (by UTF-16 code
/// unit), and a binary file converted to XML and back keeps its values but not its key order.
package enum BinaryPropertyList {
    private static let magic = Array("bplist".utf8)
    private static let supportedVersion = Array("bplist00".utf8)

    /// The file starts as every binary property list does, whatever its version.
    package static func hasMagic(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    /// Reads `bytes` under the limits the XML reader applies: a file no larger, no deeper nesting, and no more
    /// than that size once shared objects are written out in full. Never shows Foundation's own error text.
    package static func read(_ bytes: [UInt8], file: String,
                            limits: PlistReader.Limits = PlistReader.Limits()) -> PlistDocument {
        let location = SourceLocation(file: file)
        do throws(Refusal) {
            guard bytes.count <= limits.maxBytes else { throw .tooLarge(bytes: bytes.count, limit: limits.maxBytes) }
            guard bytes.starts(with: supportedVersion) else {
                throw .unsupportedVersion(String(decoding: bytes.prefix(8).dropFirst(magic.count), as: UTF8.self))
            }
            try BinaryPlistShape.check(bytes, maxDepth: limits.maxDepth, maxExpandedBytes: limits.maxBytes)
            let decoded: Any
            do {
                decoded = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            } catch {
                throw .damaged
            }
            let root = try FoundationValues(wholeFile: SourceMark(nil, in: SourceText(file: file)), maxDepth: limits.maxDepth).node(decoded, path: [], depth: 2)
            return PlistDocument(file: file, root: root, diagnostics: [])
        } catch {
            return PlistDocument(file: file, root: nil, diagnostics: [error.diagnostic(at: location)])
        }
    }

    /// Why a binary property list was not read, in our words.
    enum Refusal: Error, Equatable {
        case damaged
        case unsupportedVersion(String)
        case tooLarge(bytes: Int, limit: Int)
        case tooDeep(limit: Int)
        case expandsTooFar(limit: Int)
        case notRepresentable(String, path: [PlistPathStep])

        func diagnostic(at location: SourceLocation) -> Diagnostic {
            switch self {
            case .damaged:
                .error(.binaryPlist, "binary property list: cannot be read (damaged or truncated)", at: location)
            case .unsupportedVersion(let version):
                .error(.binaryPlist, "binary property list: version '\(version)' cannot be read; only version " +
                       "'00' (what Xcode and plutil write) can", at: location)
            case .tooLarge(let bytes, let limit):
                .error(.fileTooLarge, "file is \(bytes) bytes; the limit is \(limit)", at: location)
            case .tooDeep(let limit):
                .error(.nestingTooDeep, "binary property list: values are nested more than \(limit) deep " +
                       "(counted as the XML elements they would be)", at: location)
            case .expandsTooFar(let limit):
                .error(.binaryPlist, "binary property list: its values, with shared ones repeated where they are " +
                       "used, come to more than \(limit) bytes, the limit for a property list", at: location)
            case .notRepresentable(let what, let path):
                .error(.binaryPlist, "binary property list: " + (path.isEmpty ? "" : "at \(pathText(path)): ") + what,
                       at: location)
            }
        }

        private func pathText(_ path: [PlistPathStep]) -> String {
            path.enumerated().map { index, step in
                if case .key = step, index > 0 { "." + step.description } else { step.description }
            }.joined()
        }
    }
}

/// Maps what `PropertyListSerialization` returns into `PlistNode`s, bounding the depth again as it walks.
private struct FoundationValues {
    /// The binary format keeps no positions: every node is marked with the whole file.
    let wholeFile: SourceMark
    let maxDepth: Int

    /// The smallest and largest moments an XML `<date>` can spell: years 0000 through 9999.
    private static let dateRange = CivilCalendar.daysSince1970(year: 0, month: 1, day: 1) * 86_400
        ... CivilCalendar.daysSince1970(year: 9999, month: 12, day: 31) * 86_400 + 86_399

    /// `depth` counts XML elements, `<plist>` being the first, so the limit means what it does for XML files.
    func node(_ value: Any, path: [PlistPathStep], depth: Int) throws(BinaryPropertyList.Refusal) -> PlistNode {
        guard depth <= maxDepth else { throw .tooDeep(limit: maxDepth) }
        return PlistNode(try content(value, path: path, depth: depth), at: wholeFile)
    }

    private func content(_ value: Any, path: [PlistPathStep],
                         depth: Int) throws(BinaryPropertyList.Refusal) -> PlistNode.Content {
        // Booleans first, by their dynamic type: on Linux `value is Bool` also holds for any NSNumber 0 or 1.
        if type(of: value) == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if let number = value as? NSNumber {
            guard let content = Self.number(number) else { throw .notRepresentable("a number of an unknown kind", path: path) }
            return content
        }
        if let string = value as? String { return .string(string) }
        if let data = value as? Data { return .data([UInt8](data)) }
        if let date = value as? Date {
            let seconds = date.timeIntervalSince1970.rounded(.down)
            // XML dates are whole seconds; plutil drops the fraction the same way.
            guard seconds.isFinite, let whole = Int64(exactly: seconds), Self.dateRange.contains(whole) else {
                throw .notRepresentable("a date outside the years 0000 to 9999, which XML cannot write", path: path)
            }
            return .date(PlistDate(secondsSince1970: whole))
        }
        if let items = value as? [Any] {
            var nodes: [PlistNode] = []
            nodes.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                nodes.append(try node(item, path: path + [.index(index)], depth: depth + 1))
            }
            return .array(nodes)
        }
        if let dictionary = value as? [AnyHashable: Any] {
            var keyed: [(key: String, value: Any)] = []
            keyed.reserveCapacity(dictionary.count)
            for (key, item) in dictionary {
                guard let key = key.base as? String else {
                    throw .notRepresentable("a dictionary key that is not a string", path: path)
                }
                keyed.append((key, item))
            }
            // Foundation keeps no key order: sort as plutil does when it writes XML.
            keyed.sort { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
            var entries: [PlistDictionary.Entry] = []
            entries.reserveCapacity(keyed.count)
            for (key, item) in keyed {
                entries.append(PlistDictionary.Entry(
                    key: key, keyMark: wholeFile,
                    value: try node(item, path: path + [.key(key)], depth: depth + 1)))
            }
            return .dictionary(PlistDictionary(entries: entries))
        }
        throw .notRepresentable("a value XML property lists cannot hold (\(type(of: value)))", path: path)
    }

    /// Integer, real or boolean by the number's C type. A binary file's integers come back as `i`, `q` or (above
    /// Int64.max) `Q`, its reals as `d` or `f`; `c` is how Foundation types a boolean that was not already bridged
    /// to `Bool`, and never an integer read from a property list.
    private static func number(_ number: NSNumber) -> PlistNode.Content? {
        switch String(cString: number.objCType) {
        case "c", "B": .bool(number.boolValue)
        case "d", "f": .real(number.doubleValue)
        case "Q", "L", "I", "S", "C": .integer(PlistInteger(number.uint64Value))
        case "q", "l", "i", "s": .integer(PlistInteger(number.int64Value))
        default: nil
        }
    }
}
