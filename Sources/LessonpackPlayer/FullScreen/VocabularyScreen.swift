import Foundation
import LessonpackActivities
import LessonpackModel
import TerminalText

/// Activity 3: the transcript with its terms marked; Tab moves from term to term, Enter explains one.
final class VocabularyScreen: Screen {
    private let vocabulary: VocabularyController
    private var shown: Definition?

    init(_ vocabulary: VocabularyController) { self.vocabulary = vocabulary }

    var title: String { ActivityKind.vocabulary.numbered(in: vocabulary.session.module) }
    let helpID = "vocabulary"
    let help = ["Tab or →: the next highlighted term", "Shift-Tab or ←: the previous one", "Enter: its definition",
                "p: hear the line the term is in", "q: back to the contents"]
    let hints = "Tab/←→ terms · Enter define · p hear · q back"

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        let engine = vocabulary.engine
        let speakers = vocabulary.session.module.speakers
        var rendered: [(line: Int, text: FrameLine)] = []
        for (lineIndex, line) in engine.lines.enumerated() {
            let speaker = speakers.first { $0.id == line.line.speaker }
            var runs = [Run("  \(speaker?.name ?? ""): ", Draw.speakerStyle(speaker))]
            for (spanIndex, span) in line.spans.enumerated() {
                let isSelected = engine.selection == VocabularyEngine.TermPosition(line: lineIndex, span: spanIndex)
                let style: TextStyle = span.term == nil ? .plain : isSelected ? .selected : TextStyle(bold: true, underline: true, foreground: .accent)
                runs.append(Run(span.text, style))
            }
            for wrapped in Self.wrap(runs, width: width - 2) { rendered.append((lineIndex, wrapped)) }
        }
        let panel = definitionPanel(width: width)
        let room = max(3, height - panel.count - 1)
        let focus = rendered.firstIndex { $0.line == (engine.selection?.line ?? 0) } ?? 0
        let visible = Draw.window(count: rendered.count, selected: focus, height: room)
        return rendered[visible].map(\.text) + [FrameLine()] + panel
    }

    private func definitionPanel(width: Int) -> [FrameLine] {
        guard let term = vocabulary.engine.selectedTerm else {
            return [FrameLine("  Press Tab to go to the first highlighted term.", .muted)]
        }
        guard let definition = shown, definition.term.lowercased() == term.lowercased() else {
            return [FrameLine("  \(term): press Enter for its definition", .accent)]
        }
        return [FrameLine("  \(definition.term) (\(definition.partOfSpeech))", .bold)]
            + Draw.paragraph(definition.meaning, width: width - 4, indent: 4)
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

    func handle(_ key: Key, now: Date) -> ScreenAction {
        switch key {
        case .tab, .right, .down: vocabulary.next()
        case .backTab, .left, .up: vocabulary.previous()
        case .enter, .space: shown = vocabulary.open(at: now)
        case .character("p"): vocabulary.playLine(vocabulary.engine.selection?.line ?? 0)
        case .character("q"), .escape: return .back
        default: break
        }
        return .none
    }

    func leave(now: Date) { vocabulary.leave(at: now) }
}
