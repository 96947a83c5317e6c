import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let duplicateID: DiagnosticCode = "duplicate-id"
}

/// Ids are unique within their list: other files refer to them, and learners' progress is kept under them.
struct UniqueIDRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        let module = context.module
        return duplicates(module.speakers.map(\.id), "speaker", context) { .speakers($0, .id) }
            + duplicates(module.objectives.map(\.id), "objective", context) { .objectives($0, .id) }
            + duplicates(module.transcript.map(\.id), "line", context) { .transcript($0, .id) }
            + duplicates(module.videoTask.map(\.id), "statement", context) { .videoTask($0, .id) }
            + duplicates(module.questions.map(\.id), "question", context) { .questions($0, .id) }
            + duplicates(module.test.items.map(\.id), "test item", context) { .testItems($0, .id) }
    }

    private func duplicates(_ ids: [String], _ noun: String, _ context: CheckContext,
                            _ path: (Int) -> ModulePath) -> [Diagnostic] {
        // Where each id was first seen, by index.
        var first: [String: Int] = [:]
        first.reserveCapacity(ids.count)
        var diagnostics: [Diagnostic] = []
        for (index, id) in ids.enumerated() where !id.isEmpty {
            if let earlier = first[id] {
                diagnostics.append(context.problem(.duplicateID, "duplicate \(noun) id '\(id)'", at: path(index),
                                                   notes: [context.note("'\(id)' is first used here", at: path(earlier))]))
            } else {
                first[id] = index
            }
        }
        return diagnostics
    }
}
