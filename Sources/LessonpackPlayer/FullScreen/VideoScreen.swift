import Foundation
import LessonpackModel
import TerminalText

/// Activity 1: the clock, the subtitle, and the transcript around it (the video itself plays in the media player,
/// or not at all without one: the screen works the same).
final class VideoScreen: Screen {
    private let video: VideoController
    private var cursor: Int?

    init(_ video: VideoController) { self.video = video }

    var title: String { ActivityKind.video.numbered(in: video.session.module) }
    let helpID = "video"
    let help = ["space: play or pause", "← →: back or on 5 seconds", "↑ ↓: the previous or next line",
                "Enter: play the chosen line", "s: subtitles on or off", "Home: back to the start", "q: back to the contents"]
    let hints = "space play/pause · ←→ 5 s · ↑↓ lines · s subtitles · q back"

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        let engine = video.engine
        let position = engine.position(at: now)
        let state = engine.hasEnded(at: now) ? "■ ended" : engine.isPlaying ? "▶ playing" : "❚❚ paused"
        let progress = Int(Double(max(10, width - 30)) * position / max(engine.duration, 1))
        var lines = [FrameLine(),
                     FrameLine("  \(state)  \(Draw.clock(position)) / \(Draw.clock(engine.duration))   subtitles " +
                               (engine.subtitlesOn ? "on" : "off"), .bold),
                     FrameLine("  " + String(repeating: "━", count: progress) + String(repeating: "─", count: max(0, width - 30 - progress)),
                               .accent),
                     FrameLine()]
        if let line = engine.subtitle(at: now) {
            let speaker = video.session.module.speakers.first { $0.id == line.speaker }
            lines.append(FrameLine("  " + (speaker?.name ?? ""), Draw.speakerStyle(speaker)))
            lines += Draw.paragraph(line.text, width: width - 4, indent: 4, style: .bold)
        } else {
            lines.append(FrameLine(engine.subtitlesOn ? "" : "  (subtitles off)", .muted))
            lines.append(FrameLine())
        }
        lines.append(FrameLine())
        let current = cursor ?? currentIndex(at: now)
        let room = max(1, height - lines.count)
        for index in Draw.window(count: engine.lines.count, selected: current, height: room) {
            let line = engine.lines[index]
            let speaker = video.session.module.speakers.first { $0.id == line.speaker }
            let text = TextLayout.fit("\(Draw.clock(line.start)) \(speaker?.name ?? ""): \(line.text)", width: width - 4)
            lines.append(FrameLine("  " + text, index == current ? .selected : .muted))
        }
        return lines
    }

    private func currentIndex(at now: Date) -> Int {
        let position = video.engine.position(at: now)
        return video.engine.lines.lastIndex { $0.start <= position } ?? 0
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        let lines = video.engine.lines
        switch key {
        case .space: video.togglePlay(at: now); cursor = nil
        case .left: video.rewind(at: now); cursor = nil
        case .right: video.forward(at: now); cursor = nil
        case .home: video.seek(to: 0, at: now); cursor = nil
        case .character("s"): video.toggleSubtitles(at: now)
        case .up: cursor = max(0, (cursor ?? currentIndex(at: now)) - 1)
        case .down: cursor = min(lines.count - 1, (cursor ?? currentIndex(at: now)) + 1)
        case .enter:
            if let cursor, lines.indices.contains(cursor) { video.replay(line: lines[cursor].id, at: now) }
            cursor = nil
        case .character("q"), .escape: return .back
        default: break
        }
        return .none
    }

    func leave(now: Date) { video.leave(at: now) }
}
