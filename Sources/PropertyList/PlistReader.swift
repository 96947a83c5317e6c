import Foundation
import LessonpackSystem
import LessonpackDiagnostics
import XMLStream

/// A property list file as read: its tree (nil when the XML itself could not be read, or when it was read for its
/// diagnostics alone) and every problem found.
package struct PlistDocument: Sendable {
    package var file: String
    package var root: PlistNode?
    package var diagnostics: [Diagnostic]
    /// The document's comments, when it was read keeping them.
    package var comments: PlistComments?

    package var hasErrors: Bool { diagnostics.hasErrors }
}

/// Reads XML property lists, keeping the line and column of every key and value, safely: see `XMLStream` for the
/// rules that make untrusted files harmless.
package enum PlistReader {
    package struct Limits: Sendable {
        package var maxBytes: Int
        package var maxDepth: Int

        /// Lesson sources are a few hundred kilobytes; 32 MiB leaves room for any real property list.
        package init(maxBytes: Int = 32 << 20, maxDepth: Int = 128) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
        }
    }

    /// Reads `bytes`; `file` is the name diagnostics will show.
    /// `keepingComments` is for tools that write the file back (`fmt`): readers of values do not need them.
    /// `keepingValues: false` is for a reader that wants only the diagnostics (`plist lint`): they are the same,
    /// and no tree is built.
    package static func read(_ bytes: [UInt8], file: String, limits: Limits = Limits(),
                            keepingComments: Bool = false, keepingValues: Bool = true) -> PlistDocument {
        // A binary or JSON file is named for what it is, not left to libxml2's "empty or not XML".
        if let refused = refusingOtherFormats(bytes, file: file, limits: limits) { return refused }
        let builder = PlistTreeBuilder(file: file, keepingComments: keepingComments, keepingValues: keepingValues)
        let problems = XMLStream.parse(bytes, file: file, delegate: builder,
                                       limits: XMLLimits(maxBytes: limits.maxBytes, maxDepth: limits.maxDepth))
        if builder.needsValues {
            var document = read(bytes, file: file, limits: limits, keepingComments: keepingComments,
                                keepingValues: true)
            document.root = nil
            return document
        }
        var diagnostics = builder.diagnostics
        var xmlFailed = false
        for problem in problems {
            diagnostics.append(diagnostic(for: problem, file: file))
            xmlFailed = xmlFailed || !problem.isWarning
        }
        return PlistDocument(file: file, root: xmlFailed || !keepingValues ? nil : builder.root,
                             diagnostics: diagnostics, comments: builder.comments)
    }

    /// Reads the file at `path`, never more than the size limit, and names it `displayName` in diagnostics. Only
    /// a regular file is read: a FIFO would hang the reader. `links: .refuse` for files inside a tree we read on
    /// the user's behalf (a module's sources), where a link could lead to any file on the machine.
    package static func read(fileAt path: String, displayName: String? = nil, limits: Limits = Limits(),
                            keepingComments: Bool = false, links: ReadableFile.Links = .follow) -> PlistDocument {
        read(BoundedFile.read(path, limit: limits.maxBytes, links: links), name: displayName ?? path, limits: limits,
             keepingComments: keepingComments)
    }

    /// Reads `relative` inside `root` (a module's folder), refusing a link anywhere on the way, and names it
    /// `root/relative` in diagnostics.
    package static func read(_ relative: String, in root: String, limits: Limits = Limits(),
                            keepingComments: Bool = false) -> PlistDocument {
        let name = root.isEmpty || root == "." ? relative : (root.hasSuffix("/") ? root : root + "/") + relative
        return read(BoundedFile.read(relative, in: root.isEmpty ? "." : root, limit: limits.maxBytes), name: name,
                    limits: limits, keepingComments: keepingComments)
    }

    static func read(_ outcome: Result<[UInt8], ReadableFile.Failure>, name: String, limits: Limits,
                             keepingComments: Bool) -> PlistDocument {
        switch outcome {
        case .success(let bytes):
            return read(bytes, file: name, limits: limits, keepingComments: keepingComments)
        case .failure(let failure):
            // The failure's own words read as a predicate ("is a folder, not a file") or as a whole clause.
            let message = switch failure {
            case .isSymbolicLink: "this file is a symbolic link; a module's sources must be regular files in its folder"
            case .isDirectory, .linkInPath, .notRegular: "this file \(failure)"
            case .missing, .tooLarge, .unreadable: failure.description
            }
            return PlistDocument(file: name, root: nil,
                                 diagnostics: [.error(failure.code, message, at: SourceLocation(file: name))])
        }
    }

    private static func diagnostic(for problem: XMLProblem, file: String) -> Diagnostic {
        let code: DiagnosticCode = switch problem.kind {
        case .syntax: .xmlSyntax
        case .internalSubset: .dtdNotAllowed
        case .entityDeclaration, .undefinedEntity: .entityNotAllowed
        case .tooDeep: .nestingTooDeep
        case .tooLarge: .fileTooLarge
        }
        return Diagnostic(problem.isWarning ? .warning : .error, code, problem.message,
                          at: SourceLocation(file: file, position: problem.position),
                          notes: problem.notes.map { note in
                              .init(note.message, at: SourceLocation(file: file, position: note.position))
                          })
    }
}
