import Foundation
import LessonpackSystem

/// Turns any audio or video file into samples: WAV directly, anything else through ffmpeg.
package struct AudioDecoder: Sendable {
    /// A clip is one line of a conversation; decoded to 16-bit PCM, ten minutes of 48 kHz stereo is 110 MiB.
    static let largestDecodedClip = 128 << 20

    private let ffmpeg: ExternalTool?

    package init(ffmpeg: ExternalTool? = ExternalTool.find("ffmpeg")) { self.ffmpeg = ffmpeg }

    package func decode(fileAt path: String) throws(RuntimeError) -> PCMAudio {
        let bytes: [UInt8]
        switch BoundedFile.read(path, limit: WAVCodec.maximumBytes) {
        case .success(let read): bytes = read
        case .failure(let failure): throw RuntimeError(.runtimeAudioUndecodable, "\(path): \(failure)")
        }
        if bytes.count >= 12, bytes.ascii(0, 4) == "RIFF", bytes.ascii(8, 4) == "WAVE" {
            return try WAVCodec.decode(bytes)
        }
        guard let ffmpeg else {
            throw RuntimeError(.runtimeAudioUndecodable, "playing \((path as NSString).pathExtension) audio back for comparison needs ffmpeg, " +
                               "which is not installed")
        }
        let output: ExternalTool.Output
        do {
            output = try ffmpeg.run(["-nostdin", "-v", "error", "-i", path, "-vn", "-f", "wav", "-acodec", "pcm_s16le", "-"],
                                    timeout: 120, outputLimit: Self.largestDecodedClip)
        } catch {
            throw RuntimeError(.runtimeAudioUndecodable, "cannot run ffmpeg: \(SystemErrorText.describe(error))")
        }
        guard !output.truncated else {
            throw RuntimeError(.runtimeAudioUndecodable, "\((path as NSString).lastPathComponent) is too long to " +
                               "compare: decoded, it passes \(Self.largestDecodedClip >> 20) MiB")
        }
        guard output.succeeded else {
            throw RuntimeError(.runtimeAudioUndecodable, "ffmpeg cannot decode \((path as NSString).lastPathComponent): " +
                               output.errorText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return try WAVCodec.decode([UInt8](output.standardOutput))
    }
}
