import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let mediaNotInManifest: DiagnosticCode = "media-not-in-manifest"
    package static let mediaKindMismatch: DiagnosticCode = "media-kind-mismatch"
    package static let invalidMediaPath: DiagnosticCode = "invalid-media-path"
}

/// Every clip the sources refer to (the video, each line's audio, each question's and answer's audio) is a file
/// of the right kind in the media manifest.
struct MediaReferenceRule: CheckRule {
    static let codes: [DiagnosticCode] = [.mediaNotInManifest, .mediaKindMismatch, .invalidMediaPath]

    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.media) else { return [] }
        let manifest = Dictionary(context.module.media.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // A transcript names the same few clips hundreds of times: judge each path once.
        var pathProblems: [String: String?] = [:]
        return MediaReference.all(in: context).compactMap { reference in
            if pathProblems[reference.path] == nil {
                pathProblems[reference.path] = .some(MediaFolder.problem(with: reference.path))
            }
            if let problem = pathProblems[reference.path] ?? nil {
                return .error(.invalidMediaPath, problem, at: reference.location)
            }
            guard let file = manifest[reference.path] else {
                let onDisk = context.mediaFolder.map { $0.entry(reference.path) != .missing } ?? false
                let skipped = onDisk ? context.mediaFolder?.scanSkipReason(reference.path) : nil
                let advice = if let skipped {
                    "media/\(reference.path) is there, but 'lessonpack media scan' skips it: \(skipped)"
                } else if onDisk {
                    "media/\(reference.path) exists, so run 'lessonpack media scan \(context.source.folder)', which lists it " +
                        "or says why it cannot"
                } else {
                    DidYouMean.suggestion(for: reference.path, among: manifest.keys)
                        .map { "did you mean '\($0)'?" } ?? "add the file under media/ and run 'lessonpack media scan'"
                }
                return .error(.mediaNotInManifest, "'\(reference.path)' is not in media.plist; \(advice)",
                              at: reference.location)
            }
            guard file.kind == reference.kind else {
                let article = reference.kind == .audio || reference.kind == .image ? "an" : "a"
                return .error(.mediaKindMismatch, "\(reference.role.described(in: context)) must be \(article) \(reference.kind.rawValue) " +
                              "file, but media.plist lists '\(reference.path)' as \(file.kind.rawValue)",
                              at: reference.location)
            }
            return nil
        }
    }
}

/// A place in the sources that names a media file, and what kind of file it must be.
struct MediaReference {
    var path: String
    var kind: MediaKind
    var role: Role
    var location: SourceLocation

    /// What the file is for, put into words only when the reference is wrong: a transcript has hundreds.
    enum Role {
        case video, lineAudio(Int), questionAudio, answerAudio

        func described(in context: CheckContext) -> String {
            switch self {
            case .video: "the conversation video"
            case .lineAudio(let index): "the audio of \(context.describeLine(index))"
            case .questionAudio: "a question's audio"
            case .answerAudio: "an answer's audio"
            }
        }
    }

    static func all(in context: CheckContext) -> [MediaReference] {
        let module = context.module
        let map = context.map
        var references: [MediaReference] = []
        if let video = module.video {
            references.append(MediaReference(path: video, kind: .video, role: .video,
                                             location: map.module.location(of: "video")))
        }
        for (index, line) in module.transcript.enumerated() where !line.audio.isEmpty {
            references.append(MediaReference(path: line.audio, kind: .audio, role: .lineAudio(index),
                                             location: map.transcript[index].location(of: "audio")))
        }
        for (index, question) in module.questions.enumerated() {
            let origin = map.questions[index]
            if !question.audio.isEmpty {
                references.append(MediaReference(path: question.audio, kind: .audio, role: .questionAudio,
                                                 location: origin.location(of: "audio")))
            }
            let answerNodes = origin.fields["answers"]?.array ?? []
            for (answerIndex, answer) in question.answers.enumerated() where !answer.audio.isEmpty {
                let location = answerNodes.indices.contains(answerIndex)
                    ? answerNodes[answerIndex].dictionary?["audio"]?.location ?? origin.location(of: "answers")
                    : origin.location(of: "answers")
                references.append(MediaReference(path: answer.audio, kind: .audio, role: .answerAudio,
                                                 location: location))
            }
        }
        return references
    }
}
