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
