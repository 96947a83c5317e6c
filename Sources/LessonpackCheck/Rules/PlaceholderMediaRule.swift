import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let placeholderMedia: DiagnosticCode = "placeholder-media"
}

/// A stand-in Lessonpack made (the starter's grey video, a quiet clip, a question spoken by espeak-ng) is marked
/// `placeholder` in media.plist until the author's own file replaces it. Each is on the module's to-do list: a
/// learner would hear a tone, or a synthetic voice, where the teacher meant a person.
struct PlaceholderMediaRule: CheckRule {
    static let codes: [DiagnosticCode] = [.placeholderMedia]

    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.media) else { return [] }
        let placeholders = Set(context.module.media.filter(\.isPlaceholder).map(\.path))
        guard !placeholders.isEmpty else { return [] }
        let questionAt = questionIndexes(context)
        return MediaReference.all(in: context).filter { placeholders.contains($0.path) }.map { reference in
            let what: String
            let todo: String
            switch reference.role {
            case .video:
                what = "the video"
                todo = "put your filmed conversation in media/ and name it here"
            case .lineAudio(let index):
                what = "the clip of \(context.describeLine(index))"
                todo = "time the lines from your video ('lessonpack align'), or record the line"
            case .questionAudio:
                what = "the recording of \(questionAt[reference.path].map { "question '\($0)'" } ?? "a question")"
                todo = "record the question"
            case .answerAudio:
                what = "the recording of \(questionAt[reference.path].map { "an answer of question '\($0)'" } ?? "an answer")"
                todo = "record the answer"
            }
            return .warning(.placeholderMedia, "\(what) is still a placeholder (media/\(reference.path)): \(todo)",
                            at: reference.location)
        }
    }

    /// The question each question or answer recording belongs to, by path.
    private func questionIndexes(_ context: CheckContext) -> [String: String] {
        var owners: [String: String] = [:]
        for question in context.module.questions {
            for path in [question.audio] + question.answers.map(\.audio) where owners[path] == nil {
                owners[path] = question.id
            }
        }
        return owners
    }
}
