import Foundation
import LessonpackSystem

/// Measures how long an audio or video file plays.
package protocol DurationProbe: Sendable {
    /// Nil when the probe cannot run at all (the tool is not installed).
    var unavailableReason: String? { get }
    func duration(ofFileAt path: String) -> Double?
}

/// Durations from ffprobe, rounded to the millisecond.
package struct FFProbe: DurationProbe {
    private let tool: ExternalTool?

    package init(tool: ExternalTool? = ExternalTool.find("ffprobe")) { self.tool = tool }

    package var unavailableReason: String? {
        tool == nil ? "ffprobe is not installed (it comes with ffmpeg)" : nil
    }

    package func duration(ofFileAt path: String) -> Double? {
        guard let tool,
              let output = try? tool.run(["-v", "error", "-show_entries", "format=duration",
                                          "-of", "default=noprint_wrappers=1:nokey=1", "--", path], timeout: 30),
              output.succeeded,
              let seconds = Double(String(decoding: output.standardOutput, as: UTF8.self)
                                    .trimmingCharacters(in: .whitespacesAndNewlines)),
              seconds.isFinite, seconds >= 0 else { return nil }
        return (seconds * 1000).rounded() / 1000
    }
}
