import Foundation
import LessonpackPresentation
import TerminalText

/// Activity 3: the transcript with its terms marked; Tab moves from term to term, Enter explains one.
enum VocabularyScreen: ActivityScreenView {
    typealias Presenter = VocabularyPresenter

    static let helpID = "vocabulary"
    static func help(_ strings: Strings) -> [String] { Draw.lines(strings.text("help.vocabulary")) }

    static func hints(_ view: VocabularyPresenter.View, _ strings: Strings) -> String {
        strings.text("hints.vocabulary")
    }

    static func input(_ key: Key, view: VocabularyPresenter.View) -> ScreenInput<VocabularyPresenter.Event> {
        switch key {
        case .tab, .right, .down: .events([.next])
        case .backTab, .left, .up: .events([.previous])
        case .enter, .space: .events([.openSelected])
        case .character("p"): .events([.hearSelectedLine])
        case .character("q"), .escape: .back
        default: .unhandled
        }
    }

    static func body(_ view: VocabularyPresenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine] {
        var rendered: [(line: Int, text: FrameLine)] = []
        for (index, line) in view.lines.enumerated() {
            var runs = [Run("  \(line.speaker): ", Draw.speakerStyle(line.colour))]
            for span in line.spans {
                let style: TextStyle = span.term == nil ? .plain : span.selected ? .selected
                    : TextStyle(bold: true, underline: true, foreground: .accent)
                runs.append(Run(span.text, style))
            }
            for wrapped in wrap(runs, width: width - 2) { rendered.append((index, wrapped)) }
        }
        let panel: [FrameLine]
        if let shown = view.definition {
            panel = [FrameLine("  \(shown.term) (\(shown.partOfSpeech))", .bold)]
                + Draw.paragraph(shown.meaning, width: width - 4, indent: 4)
        } else {
            panel = [FrameLine("  " + view.hint, .accent)]
        }
        let room = max(3, height - panel.count - 1)
        let focus = rendered.firstIndex { $0.line == view.focusLine } ?? 0
        let visible = Draw.window(count: rendered.count, selected: focus, height: room)
        return rendered[visible].map(\.text) + [FrameLine()] + panel
    }

    /// Wraps styled runs to `width`, breaking at spaces and keeping each piece's style.
    static func wrap(_ runs: [Run], width: Int) -> [FrameLine] {
        var lines: [FrameLine] = []
        var current = FrameLine()
        var used = 0
        for run in runs {
            var pieces = run.text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            while !pieces.isEmpty {
                let word = pieces.removeFirst() + (pieces.isEmpty ? "" : " ")
                let size = DisplayWidth.of(word)
                if used + size > width, used > 0 {
                    lines.append(current)
                    current = FrameLine("    ")
                    used = 4
                }
                current.runs.append(Run(word, run.style))
                used += size
            }
        }
        lines.append(current)
        return lines
    }
}
