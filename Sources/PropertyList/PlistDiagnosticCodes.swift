import LessonpackDiagnostics

/// The codes the property list reader reports. docs/format.md explains each one.
extension DiagnosticCode {
    public static let xmlSyntax: DiagnosticCode = "xml-syntax"
    public static let dtdNotAllowed: DiagnosticCode = "dtd-not-allowed"
    public static let entityNotAllowed: DiagnosticCode = "entity-not-allowed"
    public static let nestingTooDeep: DiagnosticCode = "nesting-too-deep"
    public static let fileTooLarge: DiagnosticCode = "file-too-large"
    public static let unreadableFile: DiagnosticCode = "unreadable-file"
    /// A link, a FIFO, a device or a folder where a file is read: never opened, never quoted.
    public static let notARegularFile: DiagnosticCode = "not-a-regular-file"
    public static let wrongRoot: DiagnosticCode = "wrong-root"
    public static let emptyPlist: DiagnosticCode = "empty-plist"
    public static let extraValue: DiagnosticCode = "extra-value"
    public static let unknownElement: DiagnosticCode = "unknown-element"
    public static let misplacedElement: DiagnosticCode = "misplaced-element"
    public static let unexpectedText: DiagnosticCode = "unexpected-text"
    public static let keyWithoutValue: DiagnosticCode = "key-without-value"
    public static let consecutiveKeys: DiagnosticCode = "consecutive-keys"
    public static let valueWithoutKey: DiagnosticCode = "value-without-key"
    public static let duplicateKey: DiagnosticCode = "duplicate-key"
    public static let invalidInteger: DiagnosticCode = "invalid-integer"
    public static let integerOutOfRange: DiagnosticCode = "integer-out-of-range"
    public static let invalidReal: DiagnosticCode = "invalid-real"
    public static let invalidDate: DiagnosticCode = "invalid-date"
    public static let invalidData: DiagnosticCode = "invalid-data"
    public static let invalidBool: DiagnosticCode = "invalid-bool"
}
