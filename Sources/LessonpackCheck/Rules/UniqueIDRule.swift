import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let duplicateID: DiagnosticCode = "duplicate-id"
}

/// Ids are unique within their list: other files refer to them, and learners' progress is kept under them.
struct UniqueIDRule: CheckRule {
    static let codes: [DiagnosticCode] = [.duplicateID]

    func check(_ context: CheckContext) -> [Diagnostic] {
        let module = context.module
        let map = context.map
        return duplicates(module.speakers.map(\.id), map.speakers, "speaker")
            + duplicates(module.objectives.map(\.id), map.objectives, "objective")
            + duplicates(module.transcript.map(\.id), map.transcript, "line")
            + duplicates(module.videoTask.map(\.id), map.videoTask, "statement")
            + duplicates(module.questions.map(\.id), map.questions, "question")
            + duplicates(module.test.items.map(\.id), map.testItems, "test item")
    }

    private func duplicates(_ ids: [String], _ origins: [EntryOrigin], _ noun: String) -> [Diagnostic] {
        // Where each id was first seen, by index: an origin copied into the table for every line cost twice the lookup.
        var first: [String: Int] = [:]
        first.reserveCapacity(ids.count)
        var diagnostics: [Diagnostic] = []
        for (index, (id, origin)) in zip(ids, origins).enumerated() where !id.isEmpty {
            if let earlier = first[id] {
                diagnostics.append(.error(.duplicateID, "duplicate \(noun) id '\(id)'", at: origin.location(of: "id"),
                                          notes: [.init("'\(id)' is first used here", at: origins[earlier].location(of: "id"))]))
            } else {
                first[id] = index
            }
        }
        return diagnostics
    }
}
