import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// Activity 4: pick a tile from the tray and drop it in its slot; a wrong drop springs back.
enum AudioGameScreen: ActivityScreenView {
    typealias Presenter = AudioGamePresenter

    static let helpID = "audio-game"
    static func help(_ strings: Strings) -> [String] { Draw.lines(strings.text("help.audio-game")) }

    static func hints(_ view: AudioGamePresenter.View, _ strings: Strings) -> String {
        switch view.mode {
        case .choosingLevel: strings.text("hints.audio-game.level")
        case .picking: strings.text("hints.audio-game.picking")
        case .dropping: strings.text("hints.audio-game.dropping")
        }
    }

    static func input(_ key: Key, view: AudioGamePresenter.View) -> ScreenInput<AudioGamePresenter.Event> {
        switch view.mode {
        case .choosingLevel:
            switch key {
            case .up: return .events([.moveLevelCursor(-1)])
            case .down: return .events([.moveLevelCursor(1)])
            case .enter, .space: return .events([.chooseLevelAtCursor])
            case .character("e"): return .events([.chooseLevel(.easy)])
            case .character("m"): return .events([.chooseLevel(.medium)])
            case .character("h"): return .events([.chooseLevel(.hard)])
            case .character("q"), .escape: return .back
            default: return .unhandled
            }
        case .picking:
            switch key {
            case .up: return .events([.moveTrayCursor(-1)])
            case .down: return .events([.moveTrayCursor(1)])
            case .enter, .space: return .events([.pickAtCursor])
            case .character("p"): return .events([.hearAtCursor])
            case .character("n"): return .events([.askLevel])
            case .character("q"), .escape: return .back
            default: return .unhandled
            }
        case .dropping:
            switch key {
            case .up: return .events([.moveSlotCursor(-1)])
            case .down: return .events([.moveSlotCursor(1)])
            case .enter, .space: return .events([.dropAtCursor])
            case .character("p"): return .events([.hearAtCursor])
            case .escape, .character("q"): return .events([.putBack])
            default: return .unhandled
            }
        }
    }

    static func body(_ view: AudioGamePresenter.View, width: Int, height: Int, scroll: inout Int, strings: Strings) -> [FrameLine] {
        if view.mode == .choosingLevel {
            return [FrameLine(), FrameLine("  " + strings.text("screen.audio-game.choose-level"), .bold)]
                + view.levels.map { FrameLine("  " + $0.text, $0.isCursor ? .selected : .plain) }
        }
        var lines = Draw.paragraph(view.status, width: width - 2, indent: 2, style: .bold)
        if let solved = view.solved { lines += Draw.paragraph(solved, width: width - 2, indent: 2, style: .good) }
        // Tiles wrap under themselves in a narrow terminal; slots and tray each show the whole tiles around their
        // cursor.
        let slots: [[FrameLine]] = view.slots.map { slot in
            let number = String(format: "%3d. ", slot.number)
            guard let tile = slot.tile else {
                return [FrameLine("  " + number + (slot.isCursor ? "◀ " + strings.text("screen.audio-game.drop-here") : "·"), slot.isCursor ? .selected : .muted)]
            }
            return tileLines(number, tile, width: width, selected: slot.isCursor, strings)
        }
        let tray: [[FrameLine]] = view.tray.map { tile in
            var drawn = tileLines("  \(tile.label). ", tile.tile, width: width,
                                  selected: tile.isCursor || tile.label == view.holding?.label, strings)
            if tile.sprangBack, !drawn.isEmpty { drawn[drawn.count - 1].runs.append(Run(" ✗ " + strings.text("screen.audio-game.sprang-back"), .bad)) }
            return drawn
        }
        let free = max(6, height - lines.count - 2)
        let trayLines = tray.map(\.count).reduce(0, +)
        let trayRoom = tray.isEmpty ? 0 : min(trayLines, max(3, free / 3))
        let slotRoom = max(3, free - trayRoom)
        lines.append(FrameLine("  " + strings.text("screen.audio-game.slots"), .muted))
        lines += Draw.wholeItems(slots, selected: view.slots.firstIndex { $0.isCursor } ?? 0, room: slotRoom)
        guard !view.tray.isEmpty else { return lines }
        lines.append(FrameLine("  " + (view.holding.map { strings.text("screen.audio-game.tray-holding", ["tile": $0.label]) }
                                   ?? strings.text("screen.audio-game.tray")), .muted))
        let trayCursor = view.tray.firstIndex { $0.isCursor || $0.label == view.holding?.label } ?? 0
        return lines + Draw.wholeItems(tray, selected: trayCursor, room: trayRoom)
    }

    private static func tileLines(_ prefix: String, _ tile: AudioGamePresenter.View.Tile, width: Int,
                                  selected: Bool, _ strings: Strings) -> [FrameLine] {
        let name = tile.speaker.split(separator: " ").first.map(String.init) ?? "?"
        var speaker = Draw.speakerStyle(tile.colour)
        speaker.reverse = selected
        let lead = 2 + DisplayWidth.of(prefix) + DisplayWidth.of(name) + 2
        let parts = TextLayout.wrap(tile.text ?? "♪ " + strings.text("screen.audio-game.hear-to-see"), width: max(10, width - lead - 1))
        return parts.enumerated().map { index, part in
            index == 0 ? FrameLine([Run("  " + prefix), Run(name + ": ", speaker), Run(part, selected ? .selected : .plain)])
                : FrameLine([Run(String(repeating: " ", count: lead)), Run(part, selected ? .selected : .plain)])
        }
    }
}
