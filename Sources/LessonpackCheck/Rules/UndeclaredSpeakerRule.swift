import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let undeclaredSpeaker: DiagnosticCode = "undeclared-speaker"
}

/// Every line's speaker is one of the speakers module.plist declares.
struct UndeclaredSpeakerRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        let declared = context.module.speakers.map(\.id)
        guard context.has(.module) else { return [] }
        return context.module.transcript.enumerated().compactMap { index, line in
            guard !line.speaker.isEmpty, !declared.contains(line.speaker) else { return nil }
            let hint = DidYouMean.suggestion(for: line.speaker, among: declared).map { "did you mean '\($0)'?" }
                ?? "module.plist declares " + (declared.isEmpty ? "no speakers" : declared.map { "'\($0)'" }
                    .joined(separator: ", "))
            return context.problem(.undeclaredSpeaker, "\(context.describeLine(index)) is spoken by '\(line.speaker)', " +
                                   "who is not a declared speaker; \(hint)", at: .transcript(index, .speaker))
        }
    }
}
