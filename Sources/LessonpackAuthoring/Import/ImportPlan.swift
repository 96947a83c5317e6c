import Foundation
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

/// What an import would do to a module: the files to write, in full, and a report of what it took. Nothing is
/// written until `apply()`, and nothing at all when the plan has errors.
package struct ImportPlan: Sendable {
    /// `relative` is the file's path inside the module, which `path` ends with.
    package var files: [(path: String, text: String, relative: String)] = []
    /// One line per thing done, for the person who ran the import.
    package var report: [String] = []
    package var diagnostics: [Diagnostic] = []

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Adds a file to write, unless it would come out as it already is: importing the same thing twice
    /// rewrites nothing.
    mutating func write(_ document: SourceDocument) throws(ImportFailure) {
        let (text, dropped) = try document.text()
        if dropped > 0 {
            report.append("\(document.role.path): \(dropped) comment\(dropped == 1 ? "" : "s") stood beside entries that " +
                          "are gone, and \(dropped == 1 ? "was" : "were") dropped")
        }
        if let current = FileManager.default.contents(atPath: document.path), current == Data(text.utf8) { return }
        files.append((document.path, text, document.role.path))
    }

    /// Writes every file, each atomically. Refuses a plan with errors. Each file's folder is opened from the
    /// module's without following a link, and the file written through it: `questions/` swapped for a link after
    /// the plan was made cannot send a file out of the module.
    package func apply() throws(AtomicFile.Failure) {
        precondition(!hasErrors, "an import plan with errors is never applied")
        for file in files {
            let module = String(file.path.dropLast(file.relative.count))
            try AtomicFile.write(Data(file.text.utf8), at: file.relative, inside: module)
        }
    }
}

/// A module source file as an import reads and rewrites it: its value and its comments, which the rewrite keeps.
struct SourceDocument {
    let path: String
    let role: SourceFile
    var value: PlistValue
    let comments: PlistComments
    /// The value as read, which the comments' places refer to.
    let original: PlistValue

    init(path: String, role: SourceFile, value: PlistValue, comments: PlistComments) {
        self.path = path
        self.role = role
        self.value = value
        self.comments = comments
        original = value
    }

    /// The file in `folder`, nil when it does not exist; a file with errors is a failure, since rewriting it would
    /// lose what the author meant.
    static func load(_ role: SourceFile, in folder: String) throws(ImportFailure) -> SourceDocument? {
        let path = ModuleLayout.join(folder, role.path)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let document = PlistReader.read(fileAt: path, keepingComments: true, links: .refuse)
        guard !document.hasErrors, let value = document.root?.value, let comments = document.comments else {
            let first = document.diagnostics.first { $0.severity == .error }
            throw ImportFailure(.error(.importTarget, "\(role.path) has errors; fix them first ('lessonpack check " +
                                       "\(folder)' lists them)" + (first.map { ": the first, \($0.message)" } ?? ""),
                                       at: first?.location ?? SourceLocation(file: path)))
        }
        return SourceDocument(path: path, role: role, value: value, comments: comments)
    }

    /// The text to write — the canonical layout, the documented key order, each comment beside what it was
    /// written about — and how many comments had nothing left to stand beside.
    func text() throws(ImportFailure) -> (String, dropped: Int) {
        let (kept, dropped) = comments.carried(from: original, to: value)
        do {
            return (try PlistXMLWriter.xml(value, comments: kept) { ModuleSchema.keyOrder(in: role, at: $0) }, dropped)
        } catch {
            throw ImportFailure(.error(.importTarget, error.description, at: SourceLocation(file: path)))
        }
    }
}

/// The module folder an import goes into: it must already be a module (module.plist), as `lessonpack new` makes.
func moduleDocument(in folder: String) throws(ImportFailure) -> SourceDocument {
    guard let module = try SourceDocument.load(.module, in: folder) else {
        throw ImportFailure(.error(.importTarget, "\(folder) is not a module folder (it has no module.plist): start " +
                                   "one with 'lessonpack new \(folder)'", at: SourceLocation(file: folder)))
    }
    return module
}
