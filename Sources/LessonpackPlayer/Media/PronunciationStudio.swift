import Foundation
import LessonpackActivities
import LessonpackAudio
import LessonpackDiagnostics
import LessonpackModel
import LessonpackRuntime
import LessonpackSystem

/// Where the learner's recordings go, and how a recording is mixed with the original for comparison: the original
/// from the module's media, the mix written as a real WAV (`VoiceMix`, the audio stack's).
struct PronunciationStudio: Sendable {
    let media: MediaStore
    /// Where recordings and comparisons go.
    let workFolder: String

    init(media: MediaStore, workFolder: String) {
        self.media = media
        self.workFolder = workFolder
    }

    /// Where the learner's recording of `line` goes: one file for pronunciation practice, another for a role play,
    /// so that neither replaces the other. Line ids are identifiers (the checker makes sure), so the name cannot
    /// leave the folder.
    func recordingPath(for line: String, rolePlay: Bool = false) throws(PlayerProblem) -> String {
        try makeWorkFolder()
        return "\(workFolder)/\(line)-\(rolePlay ? "role-play" : "learner").wav"
    }

    /// Mixes the original and the learner's recording into one WAV file for `mode`.
    func compare(_ line: TranscriptLine, learner: String, _ mode: VoiceComparison) throws(PlayerProblem) -> String {
        let original: String
        do { original = try media.file(line.audio) } catch { throw PlayerProblem(.comparisonFailed, error.description) }
        try makeWorkFolder()
        let path = "\(workFolder)/\(line.id)-\(mode.rawValue).wav"
        do {
            try VoiceMix.write(original: original, learner: learner, simultaneous: mode == .simultaneous, to: path)
        } catch {
            throw PlayerProblem(.comparisonFailed, error.description)
        }
        return path
    }

    private func makeWorkFolder() throws(PlayerProblem) {
        do { try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true) } catch {
            throw PlayerProblem(.recordingFailed, "cannot create \(workFolder): \(SystemErrorText.describe(error))")
        }
    }
}
