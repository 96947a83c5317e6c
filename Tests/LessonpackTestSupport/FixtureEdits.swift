import Foundation

/// Breaks a copy of a module in small, readable steps, so a fixture states only what it changes:
///
///     replace transcript.plist
///     <string>a</string>
///     ---
///     <string>nobody</string>
///     ===
///     delete media/clip.wav
///     ===
///     create media/extra.wav
///     some bytes
///
/// `replace` changes the first occurrence of the text before `---` (which must occur) into the text after it;
/// blocks are separated by lines holding only `===`.
package struct FixtureEdits {
    package enum Edit: Equatable {
        case replace(file: String, old: String, new: String)
        case delete(file: String)
        case create(file: String, content: String)
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package var edits: [Edit]

    package init(_ text: String) throws {
        edits = []
        for block in text.components(separatedBy: "\n===\n") where !block.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let header = block.prefix { $0 != "\n" }
            let body = block.dropFirst(header.count + 1)
            let words = header.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2 else { throw Failure(description: "bad edit header '\(header)'") }
            switch words[0] {
            case "replace":
                let parts = String(body).components(separatedBy: "\n---\n")
                guard parts.count == 2 else { throw Failure(description: "replace \(words[1]) needs one '---' line") }
                edits.append(.replace(file: words[1], old: parts[0], new: parts[1].hasSuffix("\n") ? String(parts[1].dropLast()) : parts[1]))
            case "delete":
                edits.append(.delete(file: words[1]))
            case "create":
                edits.append(.create(file: words[1], content: String(body)))
            default:
                throw Failure(description: "unknown edit '\(words[0])'")
            }
        }
    }

    package init(contentsOf path: String) throws {
        try self.init(String(contentsOfFile: path, encoding: .utf8))
    }

    /// Applies the edits to the module at `folder`.
    package func apply(to folder: String) throws {
        for edit in edits {
            switch edit {
            case .replace(let file, let old, let new):
                let path = (folder as NSString).appendingPathComponent(file)
                let text = try String(contentsOfFile: path, encoding: .utf8)
                guard let range = text.range(of: old) else {
                    throw Failure(description: "\(file) does not contain the text to replace:\n\(old)")
                }
                try text.replacingCharacters(in: range, with: new).write(toFile: path, atomically: true, encoding: .utf8)
            case .delete(let file):
                try FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(file))
            case .create(let file, let content):
                let path = (folder as NSString).appendingPathComponent(file)
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try content.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
    }
}
