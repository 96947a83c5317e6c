import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let testBankTooSmall: DiagnosticCode = "test-bank-too-small"
}

/// The item bank holds at least as many items as an attempt draws.
struct TestBankSizeRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard let items = context.writtenCount(.list(.test), else: context.module.test.items.count) else { return [] }
        let draw = context.module.test.draw
        guard items < draw else { return [] }
        let drawSays = context.writes(.test(.draw)) ? "'draw' is \(draw)" : "each attempt draws \(draw) (the default)"
        return [context.problem(.testBankTooSmall, "the test bank holds \(items) item\(items == 1 ? "" : "s"), but " +
                                "\(drawSays): add \(draw - items) or draw fewer", at: .list(.test))]
    }
}
