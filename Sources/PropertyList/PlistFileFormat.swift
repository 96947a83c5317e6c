import Foundation
import LessonpackDiagnostics
import LessonpackSystem

/// The formats a file meant as a property list may be in, told apart by its first bytes, so that a binary or JSON
/// file is named for what it is instead of getting libxml2's "empty or not XML".
package enum PlistFileFormat: Sendable, Equatable {
    case xml
    /// `bplist` and a two-character version: what Xcode, `plutil -convert binary1` and many apps write.
    case binary
    /// A JSON document. Not read as a property list: JSON has no dates and no data, tells integers from reals only
    /// by how a number is spelled, and has `null`, which property lists lack, so reading it would mean guessing.
    case json

    package static func of(_ bytes: [UInt8]) -> PlistFileFormat {
        if BinaryPropertyList.hasMagic(bytes) { return .binary }
        return looksLikeJSON(bytes) ? .json : .xml
    }

    /// Starts with `{` or `[` (after blanks and a UTF-8 BOM), which no XML document does, and parses as JSON.
    /// Foundation's JSON reader refuses nesting past 512 levels, so an untrusted file cannot exhaust the stack.
    private static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else {
            return false
        }
        return (try? JSONSerialization.jsonObject(with: Data(bytes[index...]), options: [])) != nil
    }
}

extension PlistReader {
    /// The document for a file that is not an XML property list at all, or nil for one that may be. Module
    /// sources must be XML, so a binary one gets the command that converts it in place.
    static func refusingOtherFormats(_ bytes: [UInt8], file: String, limits: Limits) -> PlistDocument? {
        guard bytes.count <= limits.maxBytes else { return nil }   // the XML reader says it is too large
        let diagnostic: Diagnostic
        switch PlistFileFormat.of(bytes) {
        case .xml:
            return nil
        case .binary:
            let path = shellWord(file)
            diagnostic = .error(.binaryPlist, "binary property list: convert it with " +
                                "'lessonpack plist convert --to xml \(path) -o \(path)'", at: SourceLocation(file: file))
        case .json:
            diagnostic = .error(.jsonNotPlist, "this is JSON, not an XML property list",
                                at: SourceLocation(file: file))
        }
        return PlistDocument(file: file, root: nil, diagnostics: [diagnostic])
    }

    /// Reads an XML or a binary property list, as `plutil -lint` and `-convert` do: for the `plist` tools, which
    /// take property lists from anywhere. Module sources go through `read(_:in:)`, which takes XML only.
    /// `keepingValues: false`: see `read(_:file:limits:keepingComments:keepingValues:)`.
    package static func read(xmlOrBinaryAt path: String, limits: Limits = Limits(),
                            keepingValues: Bool = true) -> PlistDocument {
        guard case .success(let bytes) = BoundedFile.read(path, limit: limits.maxBytes) else {
            // Read it again the usual way, so the reason it cannot be read is worded as for any other file.
            return read(fileAt: path, limits: limits)
        }
        return read(xmlOrBinary: bytes, file: path, limits: limits, keepingValues: keepingValues)
    }

    /// Standard input, for the file name `-`: named "<stdin>" in diagnostics.
    package static func readStandardInput(limits: Limits = Limits(), keepingValues: Bool = true) -> PlistDocument {
        let outcome = BoundedFile.readStandardInput(limit: limits.maxBytes)
        if case .success(let bytes) = outcome {
            return read(xmlOrBinary: bytes, file: "<stdin>", limits: limits, keepingValues: keepingValues)
        }
        // Worded as for any file that cannot be read.
        return read(outcome, name: "<stdin>", limits: limits, keepingComments: false)
    }

    private static func read(xmlOrBinary bytes: [UInt8], file: String, limits: Limits,
                             keepingValues: Bool) -> PlistDocument {
        if PlistFileFormat.of(bytes) == .binary {
            // Read whole either way: binary property lists are rare here, and their reader has no other mode.
            var document = BinaryPropertyList.read(bytes, file: file, limits: limits)
            if !keepingValues { document.root = nil }
            return document
        }
        return read(bytes, file: file, limits: limits, keepingValues: keepingValues)
    }

    /// `path` as one shell word, so the command in a message can be pasted as it is.
    private static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+,:@%".unicodeScalars.contains(scalar))
        }
        let word = path.hasPrefix("-") ? "./" + path : path
        if plain && !word.isEmpty { return word }
        return "\"" + word.reduce(into: "") { output, character in
            if "\"\\$`".contains(character) { output.append("\\") }
            output.append(character)
        } + "\""
    }
}
