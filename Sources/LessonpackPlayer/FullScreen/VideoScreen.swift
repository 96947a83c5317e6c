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
        strings.text(isRolePlaying(view) ? "hints.video.role-play" : "hints.video")
    }

    /// Whether a role play is under way: its keys come first, and leaving stops it rather than the activity.
    static func isRolePlaying(_ view: VideoPresenter.View) -> Bool {
        switch view.rolePlay?.state {
        case .listening?, .yourLine?, .recording?: true
        default: false
        }
    }

    static func input(_ key: Key, view: VideoPresenter.View) -> ScreenInput<VideoPresenter.Event> {
        switch key {
        case .character("p"): return .events([.nextPart])
        case .character("r"): return .events([.sayLine])
        case .character("n"): return .events([.skipLine])
        case .character("h"): return .events([.hearYours])
        // During a recording, q and Esc end the recording (it is kept), as in pronunciation practice.
        case .character("q"), .escape:
            if view.rolePlay?.state == .recording { return .events([.sayLine]) }
            // A role play under way is stopped, one that is over put away (the transcript comes back); then q leaves.
            return isRolePlaying(view) || view.rolePlay?.state == .over ? .events([.stopRolePlay]) : .back
        default: break
        }
        return switch key {
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
        if let rolePlay = view.rolePlay, rolePlay.state != .stopped {
            return lines + rolePlayPanel(rolePlay, width: width, height: height - lines.count)
        }
        if let hidden = view.hidden { return lines + Draw.paragraph(hidden, width: width - 4, indent: 2, style: .muted) }
        // Each line wraps under itself in a narrow terminal; the whole lines around the current one fill the room.
        let rendered: [[FrameLine]] = view.transcript.enumerated().map { index, line in
            let style: TextStyle = index == view.current ? .selected : .muted
            return TextLayout.wrap("\(line.start) \(line.speaker): \(line.text)", width: max(10, width - 9)).enumerated()
                .map { part, text in FrameLine((part == 0 ? "  " : "       ") + text, style) }
        }
        return lines + Draw.wholeItems(rendered, selected: view.current, room: max(1, height - lines.count))
    }

    /// A role play in place of the transcript: whose lines, the line to say, and each of the learner's lines with its
    /// intonation once said.
    static func rolePlayPanel(_ rolePlay: VideoPresenter.RolePlayView, width: Int, height: Int) -> [FrameLine] {
        var lines = [FrameLine("  " + rolePlay.status, .bold)]
        if let prompt = rolePlay.prompt {
            lines += Draw.paragraph(prompt, width: width - 4, indent: 2, style: rolePlay.state == .yourLine ? .accent : .plain)
        }
        if let recording = rolePlay.recording { lines.append(FrameLine("  ● " + recording, .bad)) }
        if let failure = rolePlay.failure { lines += Draw.paragraph(failure, width: width - 4, indent: 2, style: .bad) }
        lines.append(FrameLine())
        let current = rolePlay.current ?? 0
        let rendered: [[FrameLine]] = rolePlay.rows.map { row in
            let text = TextLayout.wrap("\(row.number). \(row.text)", width: max(10, width - 9)).enumerated()
                .map { part, text in FrameLine((part == 0 ? (row.said ? "  ✓ " : "  · ") : "      ") + text, row.said ? .plain : .muted) }
            return text + (row.feedback.map { Draw.paragraph($0, width: width - 8, indent: 6, style: .muted) } ?? [])
        }
        return lines + Draw.wholeItems(rendered, selected: current, room: max(1, height - lines.count))
    }
}
