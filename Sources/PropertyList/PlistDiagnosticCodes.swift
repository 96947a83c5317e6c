import LessonpackDiagnostics

/// The codes the property list reader reports. docs/format.md explains each one.
extension DiagnosticCode {
    package static let xmlSyntax: DiagnosticCode = "xml-syntax"
    package static let dtdNotAllowed: DiagnosticCode = "dtd-not-allowed"
    package static let entityNotAllowed: DiagnosticCode = "entity-not-allowed"
    package static let nestingTooDeep: DiagnosticCode = "nesting-too-deep"
    // file-too-large, unreadable-file and not-a-regular-file are a file's own failures: ReadableFile.swift.
    /// `plist convert`: the value cannot be written in the format asked for (a date JSON cannot hold, text XML
    /// cannot carry).
    package static let plistConvertFailed: DiagnosticCode = "plist-convert-failed"
    /// A binary property list where XML is read (module sources), or one `plist lint`/`convert` cannot read.
    package static let binaryPlist: DiagnosticCode = "binary-plist"
    /// A JSON file where a property list is read.
    package static let jsonNotPlist: DiagnosticCode = "json-not-plist"
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
    /// U+0080–U+009F in text: Windows-1252 quotes and dashes read as ISO-8859-1, nearly always. A warning.
    package static let c1ControlCharacter: DiagnosticCode = "c1-control-character"
}
