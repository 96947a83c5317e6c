import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let tooManyEntries: DiagnosticCode = "too-many-entries"
}

/// A module is one lesson around one conversation: its lists are short. Far above any real lesson's, these bounds
/// keep what a bundle can make a reader decode and check (every list is checked against the others) to a moment.
struct ModuleSizeRule: CheckRule {
    static let codes: [DiagnosticCode] = [.tooManyEntries]

    /// The most entries each list may hold.
    static let limits: [(name: String, limit: Int, count: @Sendable (Module) -> Int,
                         location: @Sendable (CheckContext) -> SourceLocation)] = [
        ("speakers", 50, { $0.speakers.count }, { $0.map.module.location(of: "speakers") }),
        ("objectives", 100, { $0.objectives.count }, { $0.map.module.location(of: "objectives") }),
        ("transcript lines", 1000, { $0.transcript.count }, { $0.source.root(.transcript).location(of: "lines") }),
        ("definitions", 2000, { $0.definitions.count }, { $0.source.root(.definitions).location }),
        ("phrasebook boxes", 200, { $0.phrasebook.count }, { $0.source.root(.phrasebook).location(of: "boxes") }),
        ("video-task statements", 100, { $0.videoTask.count }, { $0.source.root(.videoTask).location(of: "statements") }),
        ("questions", 200, { $0.questions.count }, { $0.source.root(.questions).location(of: "questions") }),
        ("test items", 1000, { $0.test.items.count }, { $0.source.root(.test).location(of: "items") }),
        ("media files", 5000, { $0.media.count }, { $0.source.root(.media).location(of: "files") }),
    ]

    func check(_ context: CheckContext) -> [Diagnostic] {
        Self.limits.compactMap { name, limit, count, location in
            let found = count(context.module)
            return found > limit ? .error(.tooManyEntries, "the module has \(found) \(name); a module may have at most " +
                                          "\(limit): split it into several lessons", at: location(context)) : nil
        }
    }
}
