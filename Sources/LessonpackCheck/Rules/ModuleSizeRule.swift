import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let tooManyEntries: DiagnosticCode = "too-many-entries"
}

/// A module is one lesson around one conversation: its lists are short. Far above any real lesson's, these bounds
/// keep what a bundle can make a reader decode and check (every list is checked against the others) to a moment.
struct ModuleSizeRule: CheckRule {
    /// The most entries each list may hold.
    static let limits: [(name: String, limit: Int, count: @Sendable (Module) -> Int, path: ModulePath)] = [
        ("speakers", 50, { $0.speakers.count }, .module(.speakers)),
        ("objectives", 100, { $0.objectives.count }, .module(.objectives)),
        ("transcript lines", 1000, { $0.transcript.count }, .list(.transcript)),
        ("definitions", 2000, { $0.definitions.count }, .list(.definitions)),
        ("phrasebook boxes", 200, { $0.phrasebook.count }, .list(.phrasebook)),
        ("video-task statements", 100, { $0.videoTask.count }, .list(.videoTask)),
        ("questions", 200, { $0.questions.count }, .list(.questions)),
        ("test items", 1000, { $0.test.items.count }, .list(.test)),
        ("media files", 5000, { $0.media.count }, .list(.media)),
    ]

    func check(_ context: CheckContext) -> [Diagnostic] {
        Self.limits.compactMap { name, limit, count, path in
            let found = count(context.module)
            return found > limit ? context.problem(.tooManyEntries, "the module has \(found) \(name); a module may " +
                                                   "have at most \(limit): split it into several lessons", at: path) : nil
        }
    }
}
