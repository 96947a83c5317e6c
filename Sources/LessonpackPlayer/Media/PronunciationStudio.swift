import Foundation
import LessonpackSystem
import LessonpackActivities
import LessonpackModel
import LessonpackRuntime

/// Where the learner's recordings go, and how a recording is mixed with the original for comparison: the original
/// from the module's media (decoded with ffmpeg when it is not WAV), the mix written as a real WAV.
struct PronunciationStudio: Sendable {
    let media: MediaStore
    let decoder: AudioDecoder
    /// Where recordings and comparisons go.
    let workFolder: String

    init(media: MediaStore, decoder: AudioDecoder = AudioDecoder(), workFolder: String) {
        self.media = media
        self.decoder = decoder
        self.workFolder = workFolder
    }

    /// Where the learner's recording of `line` goes. Line ids are identifiers (the checker makes sure), so the name
    /// cannot leave the folder.
    func recordingPath(for line: String) throws(PlayerProblem) -> String {
        try makeWorkFolder()
        return "\(workFolder)/\(line)-learner.wav"
    }

    /// Mixes the original and the learner's recording into one WAV file for `mode`.
    func compare(_ line: TranscriptLine, learner: String, _ mode: VoiceComparison) throws(PlayerProblem) -> String {
        let mixed: PCMAudio
        do {
            let original = try decoder.decode(fileAt: try media.file(line.audio))
            let voice = try decoder.decode(fileAt: learner)
            mixed = switch mode {
            case .simultaneous: VoiceMix.sideBySide(original: original, learner: voice)
            case .sequential: VoiceMix.oneAfterTheOther(original: original, learner: voice)
            }
        } catch {
            throw PlayerProblem(.comparisonFailed, error.description)
        }
        try makeWorkFolder()
        let path = "\(workFolder)/\(line.id)-\(mode.rawValue).wav"
        do { try AtomicWAV.write(mixed, to: path) } catch {
            throw PlayerProblem(.comparisonFailed, "cannot write \(path): \(SystemErrorText.describe(error))")
        }
        return path
    }

    private func makeWorkFolder() throws(PlayerProblem) {
        do { try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true) } catch {
            throw PlayerProblem(.recordingFailed, "cannot create \(workFolder): \(SystemErrorText.describe(error))")
        }
    }
}
