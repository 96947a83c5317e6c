import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let placeholderMedia: DiagnosticCode = "placeholder-media"
}

/// A stand-in Lessonpack made (the starter's grey video, a quiet clip, a question spoken by espeak-ng) is marked
/// `placeholder` in media.plist until the author's own file replaces it. Each is on the module's to-do list: a
/// learner would hear a tone, or a synthetic voice, where the teacher meant a person.
struct PlaceholderMediaRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.media) else { return [] }
        let placeholders = Set(context.module.media.filter(\.isPlaceholder).map(\.path))
        guard !placeholders.isEmpty else { return [] }
        let questionAt = questionIndexes(context)
        return MediaReference.all(in: context).filter { placeholders.contains($0.file) }.map { reference in
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
                what = "the recording of \(questionAt[reference.file].map { "question '\($0)'" } ?? "a question")"
                todo = "record the question"
            case .answerAudio:
                what = "the recording of \(questionAt[reference.file].map { "an answer of question '\($0)'" } ?? "an answer")"
                todo = "record the answer"
            }
            return context.problem(.placeholderMedia, "\(what) is still a placeholder (media/\(reference.file)): " +
                                   todo, at: reference.path)
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
