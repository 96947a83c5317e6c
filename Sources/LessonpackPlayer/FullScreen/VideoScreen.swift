import Foundation
import LessonpackPresentation
import TerminalText

/// Activity 1: the clock, the subtitle, and the transcript around it (the video itself plays in the media player,
/// or not at all without one: the screen works the same).
enum VideoScreen: ActivityScreenView {
    typealias Presenter = VideoPresenter

    static let helpID = "video"
    static func help(_ strings: Strings) -> [String] { Draw.lines(strings.text("help.video")) }

    static func hints(_ view: VideoPresenter.View, _ strings: Strings) -> String {
        strings.text("hints.video")
    }

    static func input(_ key: Key, view: VideoPresenter.View) -> ScreenInput<VideoPresenter.Event> {
        switch key {
        case .space: .events([.togglePlay])
        case .left: .events([.rewind])
        case .right: .events([.forward])
        case .home: .events([.toStart])
        case .character("s"): .events([.toggleSubtitles])
        case .character("w"): .events([.nextSubtitles])
        case .character("v"): .events([.nextVoices])
        case .up: .events([.moveCursor(-1)])
        case .down: .events([.moveCursor(1)])
        case .enter: .events([.replayLine(nil)])
        case .character("q"), .escape: .back
        default: .unhandled
        }
    }

    static func body(_ view: VideoPresenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine] {
        let state = switch view.state {
        case .ended: "■ " + strings.text("screen.video.ended")
        case .playing: "▶ " + strings.text("screen.video.playing")
        case .paused: "❚❚ " + strings.text("screen.video.paused")
        }
        let bar = max(10, width - 30)
        let share = view.duration > 0 && view.position.isFinite ? min(1, max(0, view.position / view.duration)) : 0
        let done = Int(Double(bar) * share)
        var lines = [FrameLine(),
                     FrameLine("  \(state)  \(view.clock)   " + view.subtitles + (view.voices.map { " · " + $0 } ?? ""), .bold),
                     FrameLine("  " + String(repeating: "━", count: done) + String(repeating: "─", count: max(0, bar - done)),
                               .accent),
                     FrameLine()]
        if let line = view.subtitle {
            lines.append(FrameLine("  " + line.speaker, Draw.speakerStyle(line.colour)))
            lines += Draw.paragraph(line.text, width: width - 4, indent: 4, style: .bold)
        } else if let next = view.upcoming {
            // Between lines (after a rewind, say): what comes next, so the learner knows where they are.
            lines += Draw.paragraph(strings.text("screen.video.next", ["time": next.start, "speaker": next.speaker]), width: width - 2, indent: 2, style: .muted)
            lines.append(FrameLine())
        } else {
            lines.append(FrameLine(view.subtitlesOn ? "" : "  " + strings.text("screen.video.no-subtitles"), .muted))
            lines.append(FrameLine())
        }
        lines.append(FrameLine())
        if let hidden = view.hidden { return lines + Draw.paragraph(hidden, width: width - 4, indent: 2, style: .muted) }
        // Each line wraps under itself in a narrow terminal; the whole lines around the current one fill the room.
        let rendered: [[FrameLine]] = view.transcript.enumerated().map { index, line in
            let style: TextStyle = index == view.current ? .selected : .muted
            return TextLayout.wrap("\(line.start) \(line.speaker): \(line.text)", width: max(10, width - 9)).enumerated()
                .map { part, text in FrameLine((part == 0 ? "  " : "       ") + text, style) }
        }
        return lines + Draw.wholeItems(rendered, selected: view.current, room: max(1, height - lines.count))
    }
}
