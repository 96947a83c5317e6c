import LessonpackDiagnostics

/// The codes the property list reader reports. docs/format.md explains each one.
extension DiagnosticCode {
    package static let xmlSyntax: DiagnosticCode = "xml-syntax"
    package static let dtdNotAllowed: DiagnosticCode = "dtd-not-allowed"
    package static let entityNotAllowed: DiagnosticCode = "entity-not-allowed"
    package static let nestingTooDeep: DiagnosticCode = "nesting-too-deep"
    package static let fileTooLarge: DiagnosticCode = "file-too-large"
    package static let unreadableFile: DiagnosticCode = "unreadable-file"
    /// A link, a FIFO, a device or a folder where a file is read: never opened, never quoted.
    package static let notARegularFile: DiagnosticCode = "not-a-regular-file"
    package static let wrongRoot: DiagnosticCode = "wrong-root"
    package static let emptyPlist: DiagnosticCode = "empty-plist"
    package static let extraValue: DiagnosticCode = "extra-value"
    package static let unknownElement: DiagnosticCode = "unknown-element"
    package static let misplacedElement: DiagnosticCode = "misplaced-element"
    package static let unexpectedText: DiagnosticCode = "unexpected-text"
    package static let keyWithoutValue: DiagnosticCode = "key-without-value"
    package static let consecutiveKeys: DiagnosticCode = "consecutive-keys"
    package static let valueWithoutKey: DiagnosticCode = "value-without-key"
    package static let duplicateKey: DiagnosticCode = "duplicate-key"
    package static let invalidInteger: DiagnosticCode = "invalid-integer"
    package static let integerOutOfRange: DiagnosticCode = "integer-out-of-range"
    package static let invalidReal: DiagnosticCode = "invalid-real"
    package static let invalidDate: DiagnosticCode = "invalid-date"
    package static let invalidData: DiagnosticCode = "invalid-data"
    package static let invalidBool: DiagnosticCode = "invalid-bool"
}
