import Foundation
import LessonpackAudio
import LessonpackSystem

/// Speaks a line with espeak-ng (the command, with a time limit) at the analysis rate: the model of what the line
/// sounds like that the recording is aligned with. espeak-ng's voices ship with it, so nothing is downloaded.
package struct SpeechSynthesizer: Sendable {
    package let voice: String
    private let tool: ExternalTool

    /// Fails when espeak-ng is not installed or does not know `voice` (a language like "en", "fr", "de", or a
    /// voice name espeak-ng lists with --voices).
    package init(voice: String = "en") throws(AlignError) {
        guard let tool = ExternalTool.find("espeak-ng") else {
            throw AlignError(.synthesis, "espeak-ng is not installed; alignment compares the recording with its " +
                             "speech (Debian: apt-get install espeak-ng)")
        }
        self.voice = voice
        self.tool = tool
    }

    /// The line spoken, mono at `sampleRate`. The text goes in on standard input, so no line can be taken for an
    /// option; SSML and other markup are not interpreted.
    package func speak(_ text: String, sampleRate: Int = AudioReader.analysisRate) throws(AlignError) -> AudioSignal {
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array((folder + "/lessonpack-speech-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw AlignError(.synthesis, "cannot make a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let output: ExternalTool.Output
        do {
            output = try tool.run(["-v", voice, "-w", path, "--stdin"], input: Data((text + "\n").utf8), timeout: 60,
                                  outputLimit: 64 << 10)
        } catch {
            throw AlignError(.synthesis, "cannot run espeak-ng: \(SystemErrorText.describe(error))")
        }
        guard output.succeeded else {
            let said = output.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw AlignError(.synthesis, "espeak-ng could not speak with the voice '\(voice)'" +
                             (said.isEmpty ? "" : ": \(said)") + " ('espeak-ng --voices' lists the voices)")
        }
        do {
            return try AudioReader.read(path, sampleRate: sampleRate)
        } catch {
            throw AlignError(.synthesis, "espeak-ng's speech could not be read back: \(error.reason)")
        }
    }
}
