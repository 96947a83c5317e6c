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
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.media) else { return [] }
        let manifest = Dictionary(context.module.media.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // A transcript names the same few clips hundreds of times: judge each path once.
        var pathProblems: [String: String?] = [:]
        return MediaReference.all(in: context).compactMap { reference in
            if pathProblems[reference.file] == nil {
                pathProblems[reference.file] = .some(MediaFolder.problem(with: reference.file))
            }
            if let problem = pathProblems[reference.file] ?? nil {
                return context.problem(.invalidMediaPath, problem, at: reference.path)
            }
            guard let file = manifest[reference.file] else {
                let onDisk = context.mediaFolder.map { $0.entry(reference.file) != .missing } ?? false
                let skipped = onDisk ? context.mediaFolder?.scanSkipReason(reference.file) : nil
                let advice = if let skipped {
                    "media/\(reference.file) is there, but 'lessonpack media scan' skips it: \(skipped)"
                } else if onDisk {
                    "media/\(reference.file) exists, so run 'lessonpack media scan \(context.folder)', which lists it " +
                        "or says why it cannot"
                } else {
                    DidYouMean.suggestion(for: reference.file, among: manifest.keys)
                        .map { "did you mean '\($0)'?" } ?? "add the file under media/ and run 'lessonpack media scan'"
                }
                return context.problem(.mediaNotInManifest, "'\(reference.file)' is not in media.plist; \(advice)",
                                       at: reference.path)
            }
            guard file.kind == reference.kind else {
                let article = reference.kind == .audio || reference.kind == .image ? "an" : "a"
                return context.problem(.mediaKindMismatch, "\(reference.role.described(in: context)) must be \(article) " +
                                       "\(reference.kind.rawValue) file, but media.plist lists '\(reference.file)' as " +
                                       "\(file.kind.rawValue)", at: reference.path)
            }
            return nil
        }
    }
}

/// A place in the module that names a media file, and what kind of file it must be.
struct MediaReference {
    /// The file, under media/.
    var file: String
    var kind: MediaKind
    var role: Role
    /// Where the module names it.
    var path: ModulePath

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
        var references: [MediaReference] = []
        if let video = module.video {
            references.append(MediaReference(file: video, kind: .video, role: .video, path: .module(.video)))
        }
        for (index, line) in module.transcript.enumerated() where !line.audio.isEmpty {
            references.append(MediaReference(file: line.audio, kind: .audio, role: .lineAudio(index),
                                             path: .transcript(index, .audio)))
        }
        for (index, question) in module.questions.enumerated() {
            if !question.audio.isEmpty {
                references.append(MediaReference(file: question.audio, kind: .audio, role: .questionAudio,
                                                 path: .questions(index, .audio)))
            }
            for (answerIndex, answer) in question.answers.enumerated() where !answer.audio.isEmpty {
                references.append(MediaReference(file: answer.audio, kind: .audio, role: .answerAudio,
                                                 path: .questions(index, .answer(answerIndex, .audio))))
            }
        }
        return references
    }
}
