import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let invalidColour: DiagnosticCode = "invalid-colour"
}

/// Each speaker's colour is `#RRGGBB`: tiles and subtitles are drawn in it.
struct SpeakerColourRule: CheckRule {
    func check(_ context: CheckContext) -> [Diagnostic] {
        context.module.speakers.enumerated().compactMap { index, speaker in
            guard !speaker.colour.isEmpty, !Self.isValid(speaker.colour) else { return nil }
            return context.problem(.invalidColour, "'\(speaker.colour)' is not a colour: write '#' and six hex " +
                                   "digits, e.g. #1F77B4", at: .speakers(index, .colour))
        }
    }

    static func isValid(_ colour: String) -> Bool {
        colour.count == 7 && colour.first == "#" && colour.dropFirst().allSatisfy(\.isHexDigit)
    }
}
