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
            let pathProblem = pathProblems[reference.path] ?? {
                let problem = MediaFolder.problem(with: reference.path)
                pathProblems[reference.path] = .some(problem)
                return problem
            }()
            if let problem = pathProblem {
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
                return .error(.mediaKindMismatch, "\(reference.role()) must be \(article) \(reference.kind.rawValue) " +
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
    /// Said only when the reference is wrong, so made only then.
    var role: () -> String
    var location: SourceLocation

    static func all(in context: CheckContext) -> [MediaReference] {
        let module = context.module
        let map = context.map
        var references: [MediaReference] = []
        if let video = module.video {
            references.append(MediaReference(path: video, kind: .video, role: { "the conversation video" },
                                             location: map.module.location(of: "video")))
        }
        for (index, line) in module.transcript.enumerated() where !line.audio.isEmpty {
            references.append(MediaReference(path: line.audio, kind: .audio, role: { "the audio of \(context.describeLine(index))" },
                                             location: map.transcript[index].location(of: "audio")))
        }
        for (index, question) in module.questions.enumerated() {
            let origin = map.questions[index]
            if !question.audio.isEmpty {
                references.append(MediaReference(path: question.audio, kind: .audio, role: { "a question's audio" },
                                                 location: origin.location(of: "audio")))
            }
            let answerNodes = origin.fields["answers"]?.array ?? []
            for (answerIndex, answer) in question.answers.enumerated() where !answer.audio.isEmpty {
                let location = answerNodes.indices.contains(answerIndex)
                    ? answerNodes[answerIndex].dictionary?["audio"]?.location ?? origin.location(of: "answers")
                    : origin.location(of: "answers")
                references.append(MediaReference(path: answer.audio, kind: .audio, role: { "an answer's audio" },
                                                 location: location))
            }
        }
        return references
    }
}
