import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// Activity 5: choose a line, hear it, record yourself (with a countdown, and r again to stop early), and hear the
/// two together.
enum PronunciationScreen: ActivityScreenView {
    typealias Presenter = PronunciationPresenter

    static let helpID = "pronunciation"
    static func help(_ strings: Strings) -> [String] { Draw.lines(strings.text("help.pronunciation")) }

    static func hints(_ view: PronunciationPresenter.View, _ strings: Strings) -> String {
        view.recording != nil ? strings.text("hints.pronunciation.recording")
            : strings.text("hints.pronunciation")
    }

    static func input(_ key: Key, view: PronunciationPresenter.View) -> ScreenInput<PronunciationPresenter.Event> {
        if view.recording != nil {
            // While recording, only stopping it means anything.
            return [.character("r"), .enter, .space, .escape].contains(key) ? .events([.stopRecording]) : .unhandled
        }
        switch key {
        case .up: return .events([.move(-1)])
        case .down: return .events([.move(1)])
        case .character("o"), .enter: return .events([.hearOriginal])
        case .character("r"): return .events([.record])
        case .character("b"): return .events([.compare(.simultaneous)])
        case .character("t"): return .events([.compare(.sequential)])
        case .character("s"): return .events([.hearSlowly(0.75)])
        case .character("S"): return .events([.hearSlowly(0.5)])
        case .character("q"), .escape: return .back
        default: return .unhandled
        }
    }

    static func body(_ view: PronunciationPresenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine] {
        var lines = [FrameLine()]
        if let line = view.line {
            lines.append(FrameLine("  \(view.position) · \(line.speaker)", Draw.speakerStyle(line.colour)))
            lines += Draw.paragraph(line.text, width: width - 4, indent: 4, style: .bold)
            lines += Draw.paragraph(view.status, width: width - 2, indent: 2, style: view.recorded ? .good : .muted)
        }
        if let recording = view.recording {
            lines.append(FrameLine("  ● " + recording, .bad))
        } else if let failure = view.failure {
            lines += Draw.paragraph(failure, width: width - 2, indent: 2, style: .bad)
        }
        if let result = view.intonation {
            let (sentences, plot) = IntonationDrawing.parts(result, width: width - 2)
            lines.append(FrameLine())
            for (index, text) in sentences.enumerated() {
                let style: TextStyle = index == 0 ? (result.score >= 70 ? .good : .accent) : .plain
                lines += Draw.paragraph(text, width: width - 4, indent: 2, style: style)
            }
            lines += plot.map { FrameLine("  " + $0) }
        } else if let status = view.intonationStatus {
            lines += Draw.paragraph(status, width: width - 2, indent: 2, style: .muted)
        }
        lines.append(FrameLine())
        // Each line wraps under itself in a narrow terminal, shown whole around the current one.
        let rows: [[FrameLine]] = view.rows.map { row in
            TextLayout.wrap(row.text, width: max(10, width - 6)).enumerated().map { part, text in
                FrameLine("  " + (part == 0 && row.recorded ? "● " : "  ") + text, row.isCurrent ? .selected : .plain)
            }
        }
        return lines + Draw.wholeItems(rows, selected: view.current, room: max(1, height - lines.count))
    }
}
