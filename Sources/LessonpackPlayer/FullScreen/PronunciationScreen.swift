import Foundation
import LessonpackModel
import LessonpackRuntime
import TerminalText

/// Activity 5: choose a line, hear it, record yourself, and hear the two together.
final class PronunciationScreen: Screen {
    private let practice: PronunciationController

    init(_ practice: PronunciationController) { self.practice = practice }

    var title: String { ActivityKind.pronunciation.numbered(in: practice.session.module) }
    let helpID = "pronunciation"
    let help = ["↑ ↓: choose a line", "o: hear the original", "r: record yourself saying it",
                "b: hear both at once (the original in your left ear, you in the right)",
                "t: hear them one after the other", "q: back to the contents"]
    let hints = "↑↓ line · o original · r record · b both · t turns · q back"

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        let engine = practice.engine
        var lines = [FrameLine()]
        if let line = engine.currentLine {
            let speaker = practice.session.module.speakers.first { $0.id == line.speaker }
            lines.append(FrameLine("  Line \(engine.current + 1) of \(engine.lines.count) · " + (speaker?.name ?? ""),
                                   Draw.speakerStyle(speaker)))
            lines += Draw.paragraph(line.text, width: width - 4, indent: 4, style: .bold)
            let recorded = engine.recordings[line.id] != nil
            let compared = engine.comparisons[line.id]?.keys.map(\.rawValue).sorted().joined(separator: ", ")
            lines.append(FrameLine("  " + (recorded ? "recorded" : "not recorded yet") +
                                   (compared.map { " · compared: \($0)" } ?? ""), recorded ? .good : .muted))
        }
        lines.append(FrameLine())
        let room = max(1, height - lines.count)
        for index in Draw.window(count: engine.lines.count, selected: engine.current, height: room) {
            let line = engine.lines[index]
            let mark = engine.recordings[line.id] != nil ? "● " : "  "
            lines.append(FrameLine("  " + mark + TextLayout.fit(line.text, width: width - 6),
                                   index == engine.current ? .selected : .plain))
        }
        return lines
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        switch key {
        case .up: practice.previous()
        case .down: practice.next()
        case .character("o"), .enter: practice.playOriginal(at: now)
        case .character("r"):
            return .message(practice.record(at: now).map { "Cannot record: \($0)" } ?? "Recorded: press b or t to compare.")
        case .character("b"):
            return .message(practice.compare(.simultaneous, at: now) ?? "Both at once: the original left, you right.")
        case .character("t"):
            return .message(practice.compare(.sequential, at: now) ?? "The original, then you.")
        case .character("q"), .escape: return .back
        default: break
        }
        return .none
    }

    func leave(now: Date) { practice.leave(at: now) }
}
