import LessonpackDiagnostics

/// What `lessonpack align` reports; docs/format.md explains each. The codes of the aligner's own failures are
/// declared beside `AlignError` (LessonpackAlign).
extension DiagnosticCode {
    /// No video was named and module.plist names none, or the file named is not there.
    package static let alignNoVideo: DiagnosticCode = "align-no-video"
    /// The times were worked out, but a clip, transcript.plist or media.plist could not be written.
    package static let alignWriteFailed: DiagnosticCode = "align-write-failed"
}
