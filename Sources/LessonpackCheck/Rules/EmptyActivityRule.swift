import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let emptyActivity: DiagnosticCode = "empty-activity"
}

/// Every listed activity has something to show, and the conversation has lines: an empty list would greet
/// learners with an empty screen.
struct EmptyActivityRule: CheckRule {
    static let codes: [DiagnosticCode] = [.emptyActivity]

    func check(_ context: CheckContext) -> [Diagnostic] {
        let module = context.module
        var diagnostics: [Diagnostic] = []
        /// Points at the file's main list, or at the file when it has none to point at.
        func require(_ isEmpty: Bool, _ file: SourceFile, list key: String?, _ message: String) {
            guard isEmpty, context.has(file) else { return }
            let root = context.source.root(file)
            diagnostics.append(.error(.emptyActivity, message, at: key.map { root.location(of: $0) } ?? root.location))
        }
        require(module.transcript.isEmpty, .transcript, list: "lines", "the transcript has no lines")
        if context.lists(.vocabulary) || context.lists(.dictionary) {
            require(module.definitions.isEmpty, .definitions, list: nil, "there are no definitions")
        }
        if context.lists(.dictionary) {
            require(module.phrasebook.isEmpty, .phrasebook, list: "boxes", "the phrasebook has no boxes")
        }
        if context.lists(.questions) {
            require(module.questions.isEmpty, .questions, list: "questions", "the 'questions' activity has no questions")
        }
        if context.lists(.test) {
            require(module.test.items.isEmpty, .test, list: "items", "the test has no items")
        }
        return diagnostics
    }
}
