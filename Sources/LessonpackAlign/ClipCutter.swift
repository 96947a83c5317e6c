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

    /// The clip of `start`..`end` seconds of `soundtrack`, staged as the file `name` in `folder`, a folder held
    /// open (reached without links), which must not be a link there. ffmpeg writes the clip to a pipe, never to a
    /// path: the temporary file is written through its descriptor, so a folder swapped for a link while ffmpeg runs
    /// cannot send the clip out of the module.
    package func cut(_ soundtrack: String, from start: Double, to end: Double,
                     named name: String, in folder: OpenFolder) throws(AlignError) -> AtomicFile.Staged {
        let destination = folder.join(name)
        let staged: AtomicFile.Staged
        do {
            staged = try AtomicFile.Staged(named: name, in: folder)
        } catch {
            throw AlignError(.clip, path: destination, error.reason)
        }
        let output: ExternalTool.Output
        do {
            // -ss before -i seeks the input, then decodes from there exactly; -t takes the span. A line's clip at
            // 32 kbit/s is a few hundred kilobytes; the limit is far above any.
            output = try ffmpeg.run(["-nostdin", "-v", "error", "-ss", String(format: "%.3f", max(0, start)),
                                     "-i", soundtrack, "-t", String(format: "%.3f", max(0.01, end - start)),
                                     "-map", "0:a:0", "-vn", "-ac", "1", "-c:a", "libopus", "-b:a", Self.bitrate,
                                     "-map_metadata", "-1", "-f", "opus", "pipe:1"],
                                    timeout: 120, outputLimit: Self.clipLimit)
        } catch {
            staged.discard()
            throw AlignError(.clip, path: destination, "cannot run ffmpeg: \(SystemErrorText.describe(error))")
        }
        guard output.succeeded, !output.truncated, !output.standardOutput.isEmpty else {
            staged.discard()
            let said = output.truncated ? "the clip is larger than \(Self.clipLimit >> 20) MB"
                : output.errorText.split(separator: "\n").last.map(String.init) ?? "exit status \(output.status)"
            throw AlignError(.clip, path: destination, "ffmpeg could not cut the clip: \(said)")
        }
        let written = output.standardOutput.withUnsafeBytes { buffer in
            Result { () throws(AtomicFile.Failure) in try staged.write(buffer) }
        }
        if case .failure(let failure) = written {
            staged.discard()
            throw AlignError(.clip, path: destination, failure.reason)
        }
        return staged
    }

    /// The most a clip may be: ten minutes of speech at the bitrate are 2.4 MB.
    static let clipLimit = 64 << 20
}
