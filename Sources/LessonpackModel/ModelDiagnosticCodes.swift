import LessonpackDiagnostics

/// The codes reading a module folder reports, before any cross-file rule runs. docs/format.md explains each one.
extension DiagnosticCode {
    package static let missingFile: DiagnosticCode = "missing-file"
    package static let unknownFile: DiagnosticCode = "unknown-file"
    package static let missingKey: DiagnosticCode = "missing-key"
    package static let unknownKey: DiagnosticCode = "unknown-key"
    package static let wrongType: DiagnosticCode = "wrong-type"
    package static let emptyValue: DiagnosticCode = "empty-value"
    package static let invalidID: DiagnosticCode = "invalid-id"
    package static let invalidTime: DiagnosticCode = "invalid-time"
    package static let invalidNumber: DiagnosticCode = "invalid-number"
    /// A line whose times forced alignment was unsure of (the line's `uncertainTiming` says why): reported by
    /// `align` as it writes them and by `check` until the teacher changes them. Declared with the model, which
    /// carries the doubt, so the aligner and the checker share it.
    package static let uncertainTiming: DiagnosticCode = "uncertain-timing"
}
