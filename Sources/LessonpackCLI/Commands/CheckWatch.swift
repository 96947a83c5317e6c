import Foundation
import LessonpackSystem
import LessonpackAuthoring
import LessonpackCheck
import LessonpackDiagnostics
import PropertyList

/// `check --watch`: the full report once, then, each time a file under the folders is saved, only the problems
/// that appeared and the ones that went away. Runs until interrupted.
struct CheckWatch {
    let folders: [String]
    let options: DiagnosticOptions
    let interval: Double

    func run() throws -> Never {
        // Each report goes through the engine as a batch of its own: the engine's counts are not the watch's.
        let engine = try options.engine()
        var snapshot = FolderSnapshot(of: folders)
        var previous = check()
        engine.emit(previous)
        Console.out("\(counts(previous)); watching \(folders.joined(separator: ", ")) for changes (Ctrl-C stops)")
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = FolderSnapshot(of: folders)
            let changed = now.changes(since: snapshot)
            guard !changed.isEmpty else { continue }
            snapshot = now
            let current = check()
            let changes = DiagnosticChanges(from: previous, to: current)
            Console.out("\n[\(Self.clock.string(from: Date()))] \(changed.map(shortName).joined(separator: ", ")) changed")
            if changes.isEmpty {
                Console.out("no new problems and none fixed: \(counts(current))")
            } else {
                engine.emit(changes.added)
                for diagnostic in changes.fixed {
                    Console.out("fixed: \(diagnostic.location): \(diagnostic.message) [\(diagnostic.code)]")
                }
                Console.out("\(changes.added.count) new, \(changes.fixed.count) fixed: now \(counts(current))")
            }
            previous = current
        }
    }

    /// Every folder's diagnostics; a folder that cannot be read at the moment (mid-save) reports that.
    private func check() -> [Diagnostic] {
        folders.flatMap { folder -> [Diagnostic] in
            do {
                var diagnostics = try ModuleChecker.check(folder: folder).diagnostics
                if options.warningsAsErrors { diagnostics = diagnostics.promotingWarningsToErrors() }
                return diagnostics
            } catch {
                return [.error(.unreadableFile, SystemErrorText.describe(error), at: SourceLocation(file: folder))]
            }
        }
    }

    private func shortName(_ path: String) -> String {
        for folder in folders where path.hasPrefix(folder + "/") { return String(path.dropFirst(folder.count + 1)) }
        return path
    }

    private static let clock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter
    }()
}
