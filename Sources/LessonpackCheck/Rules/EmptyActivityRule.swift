import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let emptyActivity: DiagnosticCode = "empty-activity"
}

/// Every listed activity has something to show, and the conversation has lines: an empty list would greet
/// learners with an empty screen.
struct EmptyActivityRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        let module = context.module
        var diagnostics: [Diagnostic] = []
        /// Points at the file's main list, or at the file when it has none to point at.
        func require(_ isEmpty: Bool, _ part: ModulePath.File, _ message: String) {
            guard isEmpty, context.has(SourceFile(part)) else { return }
            diagnostics.append(context.problem(.emptyActivity, message, at: .list(part)))
        }
        require(module.transcript.isEmpty, .transcript, "the transcript has no lines")
        if context.lists(.vocabulary) || context.lists(.dictionary) {
            require(module.definitions.isEmpty, .definitions, "there are no definitions")
        }
        if context.lists(.dictionary) {
            require(module.phrasebook.isEmpty, .phrasebook, "the phrasebook has no boxes")
        }
        if context.lists(.questions) {
            require(module.questions.isEmpty, .questions, "the 'questions' activity has no questions")
        }
        if context.lists(.test) {
            require(module.test.items.isEmpty, .test, "the test has no items")
        }
        return diagnostics
    }
}
