import Foundation
import LessonpackCheck
import LessonpackDiagnostics
import LessonpackModel
import LessonpackSystem
import PropertyList

/// One module folder open in the studio. The folder stays the single source of truth: every save writes the
/// source files (through the writer `fmt` uses, keeping comments and how values were written), reads the folder
/// back and checks it with every rule `lessonpack check` runs. Saves are refused, never merged, when the files
/// changed on disk since the page last saw them.
package actor ModuleEditor {
    package nonisolated let key: String
    package nonisolated let folder: String
    private var checked: ModuleChecker.Result
    private var revision: SourceRevision
    /// The model before each save of this session, and after each undo.
    private var undoStack: [Module] = []
    private var redoStack: [Module] = []
    /// A session's history is bounded: an author typing for hours keeps the last steps.
    private static let historyLimit = 200

    /// Media hashes remembered between checks: a save re-checks the module, and its video has not changed.
    private let digests: DigestMemo

    package init(key: String, folder: String, digests: DigestMemo = DigestMemo()) throws(StudioError) {
        self.key = key
        self.folder = folder
        self.digests = digests
        (checked, revision) = try Self.read(folder, digests: digests)
    }

    package enum SaveOutcome: Sendable {
        case saved(ModuleState)
        /// Nothing was written: the files changed since `revision` (the list names those changed on disk, and is
        /// empty when only the page was behind, another page having saved). The state is the one on disk now.
        case conflict(files: [String], state: ModuleState)
    }

    package func state() -> ModuleState {
        return ModuleState(key: key, folder: folder, revision: revision.token, module: checked.source.module,
                           diagnostics: checked.diagnostics.map {
                               PlacedDiagnostic($0, folder: folder, module: checked.source.module)
                           },
                           media: MediaOverview(module: checked.source.module, folder: folder),
                           readOnly: readOnlyFiles().map(\.path).sorted(), canUndo: !undoStack.isEmpty,
                           canRedo: !redoStack.isEmpty)
    }

    package var module: Module { checked.source.module }
    package var diagnostics: [Diagnostic] { checked.diagnostics }

    /// The revision of the files on disk now, for a page asking whether anything changed under it.
    package func revisionOnDisk() -> String { SourceRevision.read(folder: folder).token }

    /// Re-reads the folder, taking whatever is on disk.
    package func reload() throws(StudioError) -> ModuleState {
        (checked, revision) = try Self.read(folder, digests: digests)
        return state()
    }

    package func save(_ edited: Module, revision pageRevision: String) throws(StudioError) -> SaveOutcome {
        let before = checked.source.module
        let outcome = try write(edited, pageRevision: pageRevision, clearingDoubts: true)
        if case .saved = outcome, before != checked.source.module {
            undoStack.append(before)
            if undoStack.count > Self.historyLimit { undoStack.removeFirst() }
            redoStack.removeAll()
        }
        return outcome.withHistory(state())
    }

    package func undo(revision pageRevision: String) throws(StudioError) -> SaveOutcome {
        try step(back: true, revision: pageRevision)
    }

    package func redo(revision pageRevision: String) throws(StudioError) -> SaveOutcome {
        try step(back: false, revision: pageRevision)
    }

    private func step(back: Bool, revision pageRevision: String) throws(StudioError) -> SaveOutcome {
        guard let next = back ? undoStack.last : redoStack.last else {
            throw StudioError(.nothingToUndo, "there is nothing to \(back ? "undo" : "redo")")
        }
        let current = checked.source.module
        let outcome = try write(next, pageRevision: pageRevision)
        if case .saved = outcome {
            if back {
                undoStack.removeLast()
                redoStack.append(current)
            } else {
                redoStack.removeLast()
                undoStack.append(current)
            }
        }
        return outcome.withHistory(state())
    }

    /// Changes files outside a save (an upload, an import, a media rescan), one at a time with saves, so that
    /// neither lands between a save's revision check and its write; then reads the folder again. `body` gets the
    /// folder and the model as read before the change. `undoable`: a change to the sources (an import, a clip
    /// filled in by its name) is one step of the history, which Undo puts back; media.plist is the scanner's and
    /// Undo never writes it, so a change to media alone is no step.
    package func changeFiles<Result: Sendable>(
        undoable: Bool = false,
        _ body: @Sendable (_ folder: String, _ module: Module) throws(StudioError) -> Result
    ) throws(StudioError) -> (Result, ModuleState) {
        let before = checked.source.module
        let result = try body(folder, before)
        (checked, revision) = try Self.read(folder, digests: digests)
        // media.plist is the scanner's and never undone: only a change to what the forms edit is a step.
        var (was, now) = (before, checked.source.module)
        (was.media, now.media) = ([], [])
        if undoable, was != now {
            undoStack.append(before)
            if undoStack.count > Self.historyLimit { undoStack.removeFirst() }
            redoStack.removeAll()
        }
        return (result, state())
    }

    // MARK: Writing

    /// `clearingDoubts`: a save by the teacher, whose changed times drop alignment's doubt; an Undo or Redo only puts
    /// back what was, doubts included.
    private func write(_ edited: Module, pageRevision: String, clearingDoubts: Bool = false) throws(StudioError)
        -> SaveOutcome {
        let onDisk = SourceRevision.read(folder: folder)
        if onDisk != revision {
            let changed = onDisk.changedFiles(since: revision).map(\.path)
            (checked, revision) = try Self.read(folder, digests: digests)
            return .conflict(files: changed, state: state())
        }
        guard pageRevision == revision.token else { return .conflict(files: [], state: state()) }

        var module = edited
        // media.plist is the scanner's: what the page sends of it is ignored.
        module.media = checked.source.module.media
        // A line whose times the teacher has changed is one they have listened to: alignment's doubt about it goes.
        let before = Dictionary(checked.source.module.transcript.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in module.transcript.indices where clearingDoubts && module.transcript[index].uncertainTiming != nil {
            guard let old = before[module.transcript[index].id] else { continue }
            if old.start != module.transcript[index].start || old.end != module.transcript[index].end {
                module.transcript[index].uncertainTiming = nil
            }
        }
        let values = ModuleSourceWriter.values(of: module)
        let readOnly = readOnlyFiles()
        var writes: [(SourceFile, String)] = []
        for file in SourceFile.allCases where file != .media && !readOnly.contains(file) {
            guard let value = values[file] else { continue }
            if let text = try SourceFileWriter.text(of: value, as: file, in: folder) { writes.append((file, text)) }
        }
        for (file, text) in writes {
            // Through the module's folders, opened without following a link: `questions/` swapped for a link
            // since the module was read cannot send the save out of the module.
            do { try AtomicFile.write(Array(text.utf8), at: file.path, inside: folder) } catch {
                throw StudioError(.cannotWrite, error.description)
            }
        }
        (checked, revision) = try Self.read(folder, digests: digests)
        return .saved(state())
    }

    /// Reading errors the model carries (an empty value, a missing key): a file with only these can be written.
    package static let editableErrors: Set<DiagnosticCode> = [.missingFile, .missingKey, .emptyValue, .invalidID, .unknownKey]

    /// Files reading found errors in that the model cannot carry: writing the model over them would lose what the
    /// author wrote (a time the reader could not understand, a value of the wrong type, a broken XML file).
    private func readOnlyFiles() -> Set<SourceFile> {
        var files = Set<SourceFile>()
        for diagnostic in checked.source.diagnostics
        where diagnostic.severity == .error && !Self.editableErrors.contains(diagnostic.code) {
            let relative = ModuleFiles.relative(diagnostic.location.file, in: folder)
            if let file = SourceFile(rawValue: relative) { files.insert(file) }
        }
        return files
    }

    private static func read(_ folder: String, digests: DigestMemo) throws(StudioError) -> (ModuleChecker.Result, SourceRevision) {
        // A folder without module.plist is not a module the forms could start from: `new` makes one.
        if case .failure(let failure) = ReadableFile.kind(of: SourceFile.module.path, in: folder) {
            let reason = failure == .missing ? "it has no module.plist" : "its module.plist cannot be read (\(failure))"
            throw StudioError(.notAModule, "\(folder) is not a module folder: \(reason); make one with 'lessonpack new " +
                              "\(folder)', or with New module in the studio")
        }
        let revision = SourceRevision.read(folder: folder)
        do {
            return (try ModuleChecker.check(folder: folder, digests: digests), revision)
        } catch {
            throw StudioError(.notAModule, error.description)
        }
    }
}

extension ModuleEditor.SaveOutcome {
    /// The outcome with the state after the history changed.
    fileprivate func withHistory(_ state: ModuleState) -> Self {
        switch self {
        case .saved: .saved(state)
        case .conflict(let files, _): .conflict(files: files, state: state)
        }
    }
}
