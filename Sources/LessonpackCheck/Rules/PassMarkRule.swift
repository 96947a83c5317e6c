import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let passMarkWithoutTest: DiagnosticCode = "pass-mark-without-test"
}

/// A pass mark is what a test score is measured against: in a module without a test it would never be used, which
/// is most likely a test left out of the activity list by mistake.
struct PassMarkRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard let mark = context.module.passMark, !context.lists(.test) else { return [] }
        return [context.problem(.passMarkWithoutTest, "'passMark' is \(mark)%, but the module has no test to pass: " +
                                "list 'test' in 'activities' or remove 'passMark'", at: .module(.passMark))]
    }
}
