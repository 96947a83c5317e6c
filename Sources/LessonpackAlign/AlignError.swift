import LessonpackDiagnostics

/// A failure a user can cause when aligning: a soundtrack that cannot be read, nothing to align, a missing voice.
/// Each says what is wrong and what to do, in words for a teacher.
package struct AlignError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        /// The video or audio cannot be opened or decoded.
        case unreadableSoundtrack
        /// The soundtrack holds no speech to align with.
        case noSpeech
        /// No lines, or a line with no words.
        case nothingToAlign
        /// espeak-ng is missing, does not know the voice, or failed.
        case synthesis
        /// ffmpeg is missing or could not cut a clip.
        case clip
    }

    package var kind: Kind
    /// The file concerned, when there is one.
    package var path: String?
    package var reason: String

    package init(_ kind: Kind, path: String? = nil, _ reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    package var description: String { path.map { "\($0): \(reason)" } ?? reason }
}

extension AlignError: DiagnosticError {
    package var code: DiagnosticCode {
        switch kind {
        case .unreadableSoundtrack, .noSpeech: .alignSoundtrack
        case .nothingToAlign: .alignNoLines
        case .synthesis: .alignVoice
        case .clip: .alignTarget
        }
    }

    package var reportedDiagnostics: [Diagnostic] { [.failure(code, reason, file: path ?? "")] }
}

extension DiagnosticCode {
    /// The folder is not a module, its transcript or module.plist has errors, a line has no id to name its clip, or
    /// a clip could not be cut (ffmpeg missing or failing).
    package static let alignTarget: DiagnosticCode = "align-target"
    /// The video's soundtrack cannot be read, or holds no speech.
    package static let alignSoundtrack: DiagnosticCode = "align-soundtrack"
    /// The transcript has no lines, or a line has no words.
    package static let alignNoLines: DiagnosticCode = "align-no-lines"
    /// espeak-ng, whose speech the soundtrack is compared with, is missing or does not know the voice.
    package static let alignVoice: DiagnosticCode = "align-voice"
}
