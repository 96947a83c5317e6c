import ArgumentParser
import Foundation
import LessonpackBundle
import LessonpackDiagnostics
import LessonpackModel

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of a module, and the version bump that calls for.",
        discussion: """
            OLD and NEW are bundles or module source folders. Removing a line, statement, question, test item, \
            objective, speaker or activity is a major change (learners' history refers to them); adding anything \
            is minor; changing an existing entry is a patch. Exit status 0 when NEW's version is bumped enough \
            for its changes, 1 when it is not, 2 when OLD or NEW cannot be read.

            Examples:
              lessonpack diff dist/at-the-cafe-1.0.0.lessonpack dist/at-the-cafe-1.1.0.lessonpack
              lessonpack diff Modules/at-the-cafe dist/at-the-cafe-1.0.0.lessonpack
            """)

    @Argument(help: "The earlier version: a bundle or a module folder.", completion: .file())
    var old: String

    @Argument(help: "The later version: a bundle or a module folder.", completion: .file())
    var new: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let check = VersionPolicy.check(old: try load(old), new: try load(new))
        let diff = check.diff
        let engine = output.engine()
        if engine.isJSON {
            try engine.finish(command: "diff", body: DiffJSON.document(check), ok: check.refusal == nil)
            if check.refusal != nil { throw ExitCode(1) }
            return
        }
        Console.out("\(diff.old.id) \(diff.old.version) → \(diff.new.id) \(diff.new.version)")
        if diff.changes.isEmpty { Console.out("no changes") }
        for area in ModuleDiff.Area.allCases {
            let changes = diff.changes.filter { $0.area == area }
            guard !changes.isEmpty else { continue }
            let summary = ModuleDiff.ChangeKind.allKinds.compactMap { kind -> String? in
                let count = changes.filter { $0.kind == kind }.count
                return count == 0 ? nil : "\(count) \(kind.rawValue)"
            }
            Console.out("\n\(area.rawValue): " + summary.joined(separator: ", "))
            for change in changes {
                let mark = change.kind == .added ? "+" : change.kind == .removed ? "-" : "~"
                Console.out("  \(mark) \(change.key)" + (change.detail.map { ": \($0)" } ?? ""))
            }
        }
        Console.out("")
        Console.out(verdict(check))
        if check.refusal != nil { throw ExitCode(1) }
    }

    private func verdict(_ check: VersionCheck) -> String {
        let bump = check.diff.requiredBump
        guard bump != .none else { return "version bump needed: none" }
        let required = check.required.map { " (at least \($0))" } ?? ""
        let status = check.refusal.map { "; NEW does not qualify: \($0)" } ?? "; \(check.newVersion) qualifies"
        return "version bump needed: \(bump)\(required)\(status)"
    }

    private func load(_ path: String) throws -> Module {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CommandFailure(.inputMissing, "\(path): no such file or folder")
        }
        if isFolder.boolValue {
            let source = try ModuleLoader.load(folder: path)
            if source.diagnostics.hasErrors {
                throw CommandFailure(.moduleHasErrors, "\(path) has errors; run 'lessonpack check \(path)' and fix them first")
            }
            return source.module
        }
        return try BundleReader.open(path).module
    }
}

extension ModuleDiff.ChangeKind {
    static let allKinds: [ModuleDiff.ChangeKind] = [.added, .removed, .changed]
}

/// The diff for tools, in the frame every command shares (`JSONReport`): `{"old": {...}, "new": {...},
/// "changes": [{"area", "kind", "key", "detail"}], "bump", "required", "refusal"}`.
enum DiffJSON {
    struct Document: Encodable {
        struct Side: Encodable { var id: String; var version: String }
        struct Change: Encodable { var area: String; var kind: String; var key: String; var detail: String? }
        var old: Side
        var new: Side
        var changes: [Change]
        var bump: String
        var required: String?
        var refusal: String?
    }

    static func document(_ check: VersionCheck) -> Document {
        let diff = check.diff
        return Document(
            old: .init(id: diff.old.id, version: diff.old.version), new: .init(id: diff.new.id, version: diff.new.version),
            changes: diff.changes.map { .init(area: $0.area.rawValue, kind: $0.kind.rawValue, key: $0.key, detail: $0.detail) },
            bump: diff.requiredBump.description, required: check.required?.description, refusal: check.refusal)
    }
}
