import LessonpackDiagnostics

/// The codes reading a module folder reports, before any cross-file rule runs. docs/format.md explains each one.
extension DiagnosticCode {
    public static let missingFile: DiagnosticCode = "missing-file"
    public static let unknownFile: DiagnosticCode = "unknown-file"
    public static let missingKey: DiagnosticCode = "missing-key"
    public static let unknownKey: DiagnosticCode = "unknown-key"
    public static let wrongType: DiagnosticCode = "wrong-type"
    public static let emptyValue: DiagnosticCode = "empty-value"
    public static let invalidID: DiagnosticCode = "invalid-id"
    public static let invalidTime: DiagnosticCode = "invalid-time"
    public static let invalidNumber: DiagnosticCode = "invalid-number"
}
