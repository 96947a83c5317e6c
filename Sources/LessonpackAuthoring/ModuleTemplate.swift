import Foundation
import LessonpackModel
import PropertyList

/// `lessonpack new`: a starter module copied from a template folder, with its id and title filled in.
/// Template files say `{{ID}}` and `{{TITLE}}` where those go.
package enum ModuleTemplate {
    package enum Failure: Error, CustomStringConvertible {
        case destinationNotEmpty(String)
        case invalidID(String)
        case emptyTitle
        case templateMissing(String)
        case io(String)

        package var description: String {
            switch self {
            case .destinationNotEmpty(let path): "\(path) already exists and is not empty"
            case .invalidID(let id): "'\(id)' is not a valid module id: use lowercase letters, digits and '-', " +
                "e.g. 'job-interview'"
            case .emptyTitle: "the title is empty"
            case .templateMissing(let path): "no template at \(path)"
            case .io(let reason): reason
            }
        }
    }

    /// A module id suggested by a folder name: `Job Interview 2` → `job-interview-2`.
    package static func suggestedID(forFolder folder: String) -> String {
        let name = URL(fileURLWithPath: folder).lastPathComponent
            .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.joined(separator: "-")
    }

    /// `job-interview` → `Job interview`.
    package static func suggestedTitle(forID id: String) -> String {
        let words = id.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// Copies `template` to `destination` (which must not exist, or be an empty folder), filling in the id and
    /// title. The copy is made beside the destination and moved into place, so a failure leaves nothing behind.
    package static func create(from template: String, at destination: String, id: String, title: String)
        throws(Failure) {
        guard Identifier.isValidModuleID(id) else { throw .invalidID(id) }
        guard !title.allSatisfy(\.isWhitespace) else { throw .emptyTitle }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: template, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .templateMissing(template)
        }
        if fileManager.fileExists(atPath: destination) {
            let contents = (try? fileManager.contentsOfDirectory(atPath: destination)) ?? ["?"]
            guard contents.isEmpty else { throw .destinationNotEmpty(destination) }
        }
        let target = URL(fileURLWithPath: destination).standardizedFileURL
        let staging = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).new-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try? fileManager.removeItem(at: staging)
            try fileManager.copyItem(atPath: template, toPath: staging.path)
            let escapedTitle = try PlistXMLWriter.escaped(title)
            let walker = fileManager.enumerator(atPath: staging.path)
            while let relative = walker?.nextObject() as? String {
                guard relative.hasSuffix(".plist") else { continue }
                let path = staging.appendingPathComponent(relative).path
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let filled = text.replacingOccurrences(of: "{{ID}}", with: id)
                    .replacingOccurrences(of: "{{TITLE}}", with: escapedTitle)
                try filled.write(toFile: path, atomically: false, encoding: .utf8)
            }
            // Git keeps no empty folders, so a template may arrive without media/; authors need it.
            try fileManager.createDirectory(at: staging.appendingPathComponent(ModuleLayout.mediaFolder),
                                            withIntermediateDirectories: true)
            if fileManager.fileExists(atPath: target.path) { try fileManager.removeItem(at: target) }
            try fileManager.moveItem(at: staging, to: target)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw .io("cannot create \(destination): \(error.localizedDescription)")
        }
    }
}
