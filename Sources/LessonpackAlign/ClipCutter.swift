import Foundation
import LessonpackSystem

/// Cuts a line's clip out of a soundtrack with ffmpeg: Opus, mono, 32 kbit/s (plenty for speech), into a temporary
/// file beside the clip's place, which becomes the clip only when `commit` renames it there. A clip that fails
/// leaves nothing behind, and several can be cut before any is put in place.
package struct ClipCutter: Sendable {
    private let ffmpeg: ExternalTool
    package static let bitrate = "32k"

    package init() throws(AlignError) {
        guard let ffmpeg = ExternalTool.find("ffmpeg") else {
            throw AlignError(.clip, "ffmpeg is not installed; it cuts each line's clip (Debian: apt-get install ffmpeg)")
        }
        self.ffmpeg = ffmpeg
    }

    /// The clip of `start`..`end` seconds of `soundtrack`, staged for `destination`, which must not be a link.
    package func cut(_ soundtrack: String, from start: Double, to end: Double,
                     for destination: String) throws(AlignError) -> AtomicFile.Staged {
        let staged: AtomicFile.Staged
        do {
            staged = try AtomicFile.Staged(replacing: destination, links: .refuse)
        } catch {
            throw AlignError(.clip, path: destination, error.reason)
        }
        let output: ExternalTool.Output
        do {
            // -ss before -i seeks the input, then decodes from there exactly; -t takes the span. The staged file
            // exists (mkstemp made it): -y writes into it, through no link, since it is ours and new.
            output = try ffmpeg.run(["-nostdin", "-v", "error", "-y", "-ss", String(format: "%.3f", max(0, start)),
                                     "-i", soundtrack, "-t", String(format: "%.3f", max(0.01, end - start)),
                                     "-map", "0:a:0", "-vn", "-ac", "1", "-c:a", "libopus", "-b:a", Self.bitrate,
                                     "-map_metadata", "-1", "-f", "opus", staged.temporaryPath],
                                    timeout: 120, outputLimit: 64 << 10)
        } catch {
            staged.discard()
            throw AlignError(.clip, path: destination, "cannot run ffmpeg: \(SystemErrorText.describe(error))")
        }
        guard output.succeeded else {
            staged.discard()
            let said = output.errorText.split(separator: "\n").last.map(String.init) ?? "exit status \(output.status)"
            throw AlignError(.clip, path: destination, "ffmpeg could not cut the clip: \(said)")
        }
        return staged
    }
}
