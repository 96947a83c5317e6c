import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

/// `lessonpack fmt`: one canonical layout for property list sources — the standard header, one element per line,
/// tab indentation, minimal escaping, each scalar spelt one way, and in module sources the keys of each record in
/// the documented order — without changing a value or losing a comment.
package enum SourceFormatter {
    package enum Outcome: Sendable, Equatable {
        case unchanged
        case changed(String)
        /// The file has errors (fmt formats only what it can read completely), or formatting would have changed
        /// what the file says, which is a bug: either way the file is left alone.
        case failed([Diagnostic])
    }

    /// `role` is the module source the file is, which decides its key order; nil for any other property list.
    package static func format(_ bytes: [UInt8], file: String, role: SourceFile?) -> Outcome {
        let document = PlistReader.read(bytes, file: file, keepingComments: true)
        guard !document.hasErrors, let value = document.root?.value, let comments = document.comments else {
            return .failed(document.diagnostics.filter { $0.severity == .error })
        }
        let formatted: String
        do {
            formatted = try PlistXMLWriter.xml(value, comments: comments) { path in
                role.flatMap { ModuleSchema.keyOrder(in: $0, at: path) }
            }
        } catch {
            return .failed([.error(.cannotFormat, error.description, at: SourceLocation(file: file))])
        }
        if Array(formatted.utf8) == bytes { return .unchanged }

        // Read the result back: the same values and the same comments, or the file is not touched.
        let again = PlistReader.read(Array(formatted.utf8), file: file, keepingComments: true)
        guard !again.hasErrors, let reread = again.root?.value, reread.sameContent(as: value),
              again.comments?.markupCount == comments.markupCount else {
            return .failed([.error(.cannotFormat, "formatting would change what the file says, so it was left as " +
                                   "it is (this is a bug in lessonpack fmt: please report it with the file)",
                                   at: SourceLocation(file: file))])
        }
        return .changed(formatted)
    }

    /// The property lists fmt treats under `path`: the file itself, or every `.plist` under a folder (not in
    /// media/ or hidden folders), each with its role when it sits where a module source belongs.
    package static func files(under path: String) -> [(path: String, role: SourceFile?, relative: String?)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [(path, role(of: path), nil)] }
        return FileTree.files(under: path, skippingFolders: [ModuleLayout.mediaFolder])
            .filter { $0.hasSuffix(".plist") }
            .map { relative in
                let full = ModuleLayout.join(path, relative)
                return (full, role(of: full), relative)
            }
    }

    /// A file is a module source when the folder the source's relative path leads up to holds module.plist.
    static func role(of path: String) -> SourceFile? {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        for source in SourceFile.allCases where url.path.hasSuffix("/" + source.path) {
            let moduleFolder = String(url.path.dropLast(source.path.count + 1))
            if FileManager.default.fileExists(atPath: ModuleLayout.join(moduleFolder, SourceFile.module.path)) {
                return source
            }
        }
        return nil
    }
}

extension DiagnosticCode {
    package static let cannotFormat: DiagnosticCode = "cannot-format"
}
