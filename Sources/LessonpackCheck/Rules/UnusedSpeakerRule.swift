import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let unusedSpeaker: DiagnosticCode = "unused-speaker"
}

/// A declared speaker who never speaks is usually a leftover or a misspelt id.
struct UnusedSpeakerRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        guard context.has(.transcript) else { return [] }
        let speaking = Set(context.module.transcript.map(\.speaker))
        return context.module.speakers.enumerated().compactMap { index, speaker in
            guard !speaker.id.isEmpty, !speaking.contains(speaker.id) else { return nil }
            return context.problem(.unusedSpeaker, "speaker '\(speaker.id)' has no lines in the transcript",
                                   at: .speakers(index, .id))
        }
    }
}
