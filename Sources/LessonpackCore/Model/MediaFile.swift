/// An entry of the media manifest: a file under `media/` with what it is and what it must hash to.
package struct MediaFile: Hashable, Sendable, Storable {
    package var path: String
    package var kind: MediaKind
    package var size: Int
    /// Lowercase hex SHA-256 of the file's bytes.
    package var sha256: String
    /// Seconds, for audio and video; nil when unknown (no ffprobe when the manifest was made).
    package var duration: Double?
    /// True for a stand-in Lessonpack made (the starter's grey video, a quiet clip, speech by espeak-ng) until the
    /// author's own file replaces it; nil otherwise, so a module without placeholders compiles as it always did.
    package var placeholder: Bool?

    package init(path: String, kind: MediaKind, size: Int, sha256: String, duration: Double? = nil,
                placeholder: Bool? = nil) {
        self.path = path
        self.kind = kind
        self.size = size
        self.sha256 = sha256
        self.duration = duration
        self.placeholder = placeholder
    }

    package var isPlaceholder: Bool { placeholder == true }
}

package enum MediaKind: String, CaseIterable, Hashable, Sendable, Storable {
    case video, audio, image, subtitles

    /// The kind a file's extension says it is, or nil for extensions a module does not use (none of the kinds
    /// lists it).
    package init?(fileExtension: String) {
        guard let kind = Self.byExtension[fileExtension.lowercased()] else { return nil }
        self = kind
    }

    /// Each extension a module uses, to its kind: `fileExtensions` read the other way, so the two cannot differ.
    private static let byExtension: [String: MediaKind] = Dictionary(
        firstOf: allCases.flatMap { kind in kind.fileExtensions.map { ($0, kind) } })

    /// The extensions of each kind, as the documentation and the messages list them.
    package var fileExtensions: [String] {
        switch self {
        case .video: ["mp4", "m4v", "webm", "mkv", "mov", "ogv"]
        case .audio: ["opus", "ogg", "oga", "mp3", "m4a", "aac", "flac", "wav"]
        case .image: ["png", "jpg", "jpeg", "gif", "webp", "svg"]
        case .subtitles: ["vtt", "srt"]
        }
    }

    /// "audio: .opus .ogg …; video: …", for a message that tells an author what would be accepted.
    package static var acceptedExtensions: String {
        allCases.map { kind in "\(kind.rawValue) " + kind.fileExtensions.map { "." + $0 }.joined(separator: " ") }
            .joined(separator: "; ")
    }

    /// Formats that are already compressed gain nothing from being compressed again.
    package static func isCompressedFormat(fileExtension: String) -> Bool {
        ["mp4", "m4v", "webm", "mkv", "mov", "ogv", "opus", "ogg", "oga", "mp3", "m4a", "aac", "flac", "png", "jpg",
         "jpeg", "gif", "webp"].contains(fileExtension.lowercased())
    }
}
