import Foundation
import LessonpackModel

/// Activity 1, the conversation video: play, pause, seek and rewind, subtitles on or off, and the subtitle for any
/// moment. Time is passed in with each action, so the engine never reads a clock of its own.
public struct VideoEngine: Sendable {
    public let lines: [TranscriptLine]
    public let duration: Double
    public let startedAt: Date
    public private(set) var subtitlesOn = true
    public private(set) var isPlaying = false
    /// How far into the video the learner has got, for the result.
    public private(set) var furthest: Double = 0
    private var anchorPosition: Double = 0
    private var anchorTime: Date?

    /// `videoDuration` comes from the media manifest; without it the last line's end stands in.
    public init(module: Module, at now: Date) {
        lines = module.transcript.sorted { $0.start < $1.start }
        let recorded = module.media.first { $0.path == module.video }?.duration
        duration = max(recorded ?? 0, lines.last?.end ?? 0)
        startedAt = now
    }

    /// Seconds into the video at `now`: stops at the end.
    public func position(at now: Date) -> Double {
        guard isPlaying, let anchorTime else { return anchorPosition }
        return min(duration, anchorPosition + max(0, now.timeIntervalSince(anchorTime)))
    }

    public func hasEnded(at now: Date) -> Bool { position(at: now) >= duration }

    /// Plays from where the video is; from the start again once it has ended.
    public mutating func play(at now: Date) {
        let here = position(at: now)
        furthest = max(furthest, here)
        anchorPosition = here >= duration ? 0 : here
        anchorTime = now
        isPlaying = true
    }

    public mutating func pause(at now: Date) {
        anchorPosition = position(at: now)
        furthest = max(furthest, anchorPosition)
        anchorTime = nil
        isPlaying = false
    }

    public mutating func togglePlay(at now: Date) {
        isPlaying && !hasEnded(at: now) ? pause(at: now) : play(at: now)
    }

    /// Moves to `seconds` (kept within the video), playing on if it was playing.
    public mutating func seek(to seconds: Double, at now: Date) {
        furthest = max(furthest, position(at: now))
        anchorPosition = min(max(0, seconds), duration)
        anchorTime = isPlaying ? now : nil
    }

    public mutating func rewind(by seconds: Double = 5, at now: Date) { seek(to: position(at: now) - seconds, at: now) }
    public mutating func forward(by seconds: Double = 5, at now: Date) { seek(to: position(at: now) + seconds, at: now) }

    /// Jumps to the start of a line, to replay it.
    public mutating func replay(line id: String, at now: Date) {
        guard let line = lines.first(where: { $0.id == id }) else { return }
        seek(to: line.start, at: now)
        play(at: now)
    }

    public mutating func toggleSubtitles() { subtitlesOn.toggle() }

    /// The line spoken at `seconds`, whether or not subtitles are on; nil between lines.
    public func line(atSecond seconds: Double) -> TranscriptLine? {
        // Lines are sorted and do not overlap: find the last one starting at or before `seconds`.
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].start <= seconds { low = middle + 1 } else { high = middle }
        }
        guard low > 0, seconds < lines[low - 1].end else { return nil }
        return lines[low - 1]
    }

    /// What to show under the video at `now`.
    public func subtitle(at now: Date) -> TranscriptLine? {
        subtitlesOn ? line(atSecond: position(at: now)) : nil
    }

    public func result(at now: Date) -> ActivityResult {
        let reached = max(furthest, position(at: now))
        return ActivityResult(activity: .video, startedAt: startedAt, finishedAt: now,
                              details: ["watched": String(format: "%.1f", reached),
                                        "duration": String(format: "%.1f", duration),
                                        "subtitles": subtitlesOn ? "on" : "off"])
    }
}
