import LessonpackDiagnostics

/// What `lessonpack align` reports; docs/format.md explains each.
extension DiagnosticCode {
    /// The folder is not a module, its transcript or module.plist has errors, or a line has no id to name its clip.
    package static let alignTarget: DiagnosticCode = "align-target"
    /// No video was named and module.plist names none, or the file named is not there.
    package static let alignNoVideo: DiagnosticCode = "align-no-video"
    /// The video's soundtrack cannot be read, or holds no speech.
    package static let alignSoundtrack: DiagnosticCode = "align-soundtrack"
    /// The transcript has no lines, or a line has no words.
    package static let alignNoLines: DiagnosticCode = "align-no-lines"
    /// espeak-ng, whose speech the soundtrack is compared with, is missing or does not know the voice.
    package static let alignVoice: DiagnosticCode = "align-voice"
    /// The times were worked out, but a clip, transcript.plist or media.plist could not be written.
    package static let alignWriteFailed: DiagnosticCode = "align-write-failed"
}
