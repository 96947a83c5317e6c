import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    public static let emptyActivity: DiagnosticCode = "empty-activity"
}

/// Every listed activity has something to show, and the conversation has lines: an empty list would greet
/// learners with an empty screen.
struct EmptyActivityRule: CheckRule {
    static let codes: [DiagnosticCode] = [.emptyActivity]

    func check(_ context: CheckContext) -> [Diagnostic] {
        let module = context.module
        var diagnostics: [Diagnostic] = []
        func require(_ isEmpty: Bool, _ file: SourceFile, _ message: String) {
            guard isEmpty, context.has(file) else { return }
            diagnostics.append(.error(.emptyActivity, message, at: context.source.location(file)))
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
