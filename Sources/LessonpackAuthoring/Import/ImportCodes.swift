import LessonpackDiagnostics

/// What `lessonpack import` reports; docs/format.md explains each.
extension DiagnosticCode {
    /// The file is not text in UTF-8 (or UTF-16 with a byte order mark).
    package static let importEncoding: DiagnosticCode = "import-encoding"
    /// A line, cue or question the importer cannot read.
    package static let importSyntax: DiagnosticCode = "import-syntax"
    /// A transcript line with no speaker, and no default speaker given.
    package static let importNoSpeaker: DiagnosticCode = "import-no-speaker"
    /// Read, but the module format has no place for it (a matching question, partial credit): skipped or simplified.
    package static let importUnsupported: DiagnosticCode = "import-unsupported"
    /// Already in the module: skipped, so importing a file twice adds nothing the second time.
    package static let importDuplicate: DiagnosticCode = "import-duplicate"
    /// The module cannot take the import as asked (no module.plist, no objective for test items, …).
    package static let importTarget: DiagnosticCode = "import-target"
}
