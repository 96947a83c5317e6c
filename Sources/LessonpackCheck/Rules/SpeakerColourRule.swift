import LessonpackDiagnostics
import LessonpackModel

extension DiagnosticCode {
    package static let invalidColour: DiagnosticCode = "invalid-colour"
}

/// Each speaker's colour is `#RRGGBB`: tiles and subtitles are drawn in it.
struct SpeakerColourRule: CheckRule {
    static let codes: [DiagnosticCode] = [.invalidColour]

    func check(_ context: CheckContext) -> [Diagnostic] {
        zip(context.module.speakers, context.map.speakers).compactMap { speaker, origin in
            guard !speaker.colour.isEmpty, !Self.isValid(speaker.colour) else { return nil }
            return .error(.invalidColour, "'\(speaker.colour)' is not a colour: write '#' and six hex digits, " +
                          "e.g. #1F77B4", at: origin.location(of: "colour"))
        }
    }

    static func isValid(_ colour: String) -> Bool {
        colour.count == 7 && colour.first == "#" && colour.dropFirst().allSatisfy(\.isHexDigit)
    }
}
