import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let testBankTooSmall: DiagnosticCode = "test-bank-too-small"
}

/// The item bank holds at least as many items as an attempt draws.
struct TestBankSizeRule: CheckRule {
    static let codes: [DiagnosticCode] = [.testBankTooSmall]

    func check(_ context: CheckContext) -> [Diagnostic] {
        let test = context.map.test
        guard let items = test.fields["items"]?.array else { return [] }
        let draw = context.module.test.draw
        guard items.count < draw else { return [] }
        let drawSays = test.fields["draw"] == nil ? "each attempt draws \(draw) (the default)" : "'draw' is \(draw)"
        return [.error(.testBankTooSmall, "the test bank holds \(items.count) item\(items.count == 1 ? "" : "s"), " +
                       "but \(drawSays): add \(draw - items.count) or draw fewer", at: test.location(of: "items"))]
    }
}
