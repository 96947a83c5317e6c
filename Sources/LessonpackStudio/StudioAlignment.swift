import LessonpackAlign
import LessonpackAuthoring
import LessonpackDiagnostics
import LessonpackModel

/// Time lines from the video, in the studio: every transcript line timed against the module's video and its clip
/// cut (ModuleAlignment, as `lessonpack align`), and what went wrong said in the page's words, since a teacher
/// pressing a button has no `--video` to give.
package enum StudioAlignment {
    package struct Outcome: Sendable, Encodable, Equatable {
        package var timed: Int
        /// Lines whose times alignment doubts: they stay on the Problems list, at their Start field, until changed.
        package var uncertain: Int
        /// Stand-in clips the real clips replaced, and removed.
        package var placeholdersRemoved: Int
    }

    package static func run(in folder: String) throws(StudioError) -> Outcome {
        let result = ModuleAlignment.plan(folder: folder)
        if let problem = result.diagnostics.first(where: { $0.severity == .error }) {
            throw StudioError(.cannotAlign, sentence(for: problem))
        }
        do { try result.apply() } catch { throw StudioError(.cannotWrite, error.description) }
        return Outcome(timed: result.lines.count, uncertain: result.lines.count { $0.doubt != nil },
                       placeholdersRemoved: result.replacedPlaceholders.count)
    }

    /// The aligner's refusal as the page says it: what to do in the studio, not which option to pass.
    static func sentence(for diagnostic: Diagnostic) -> String {
        switch diagnostic.code {
        case .alignNoVideo:
            "The module has no video to time the lines with: upload your filmed conversation under Media, then " +
                "choose it as the Video under Module"
        case .alignSoundtrack:
            "The video's sound could not be used (\(diagnostic.message)): if it is still the starter's silent " +
                "stand-in, upload your filmed conversation under Media and choose it under Module"
        case .alignNoLines:
            "There are no lines to time yet: write the conversation above, or bring in your lesson under Import"
        case .alignVoice:
            "This computer cannot time lines: espeak-ng, which the timing compares the video with, is not installed"
        default:
            "The lines could not be timed: \(diagnostic.message)"
        }
    }
}
