import LessonpackDiagnostics

/// What reading a lesson document reports; docs/format.md explains each, and docs/lesson-document.md the
/// conventions they refer to.
extension DiagnosticCode {
    /// The document cannot be read at all: not a document of its kind, too large, or pandoc missing.
    package static let lessonUnreadable: DiagnosticCode = "lesson-unreadable"
    /// A line of a section not written as the section's convention expects: a statement without true or false, a
    /// question without three answers or with none marked right, a glossary entry without its part of speech.
    package static let lessonSyntax: DiagnosticCode = "lesson-syntax"
    /// A name or number that points nowhere: a transcript line's speaker who is not among the speakers, a
    /// statement's line number past the transcript's end, a test item's objective that is not declared.
    package static let lessonReference: DiagnosticCode = "lesson-reference"
    /// A heading that names no section the conventions know: its content is not read.
    package static let lessonUnknownSection: DiagnosticCode = "lesson-unknown-section"
    /// Something a module needs that the document does not say (a title, any transcript line).
    package static let lessonMissing: DiagnosticCode = "lesson-missing"
}
