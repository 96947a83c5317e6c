import Foundation
import LessonpackActivities
import LessonpackPresentation
import TerminalText

/// Activity 4: pick a tile from the tray and drop it in its slot; a wrong drop springs back.
enum AudioGameScreen: ActivityScreenView {
    typealias Presenter = AudioGamePresenter

    static let helpID = "audio-game"
    static let help = ["Put the conversation's lines in order.", "↑ ↓ and Enter: pick a tile from the tray",
                       "then ↑ ↓ and Enter: drop it in a slot (a wrong slot sends it back)", "Esc: put the tile back",
                       "p: hear the tile under the cursor", "n: a new game (choose easy, medium or hard)",
                       "q: back to the contents"]

    static func hints(_ view: AudioGamePresenter.View) -> String {
        switch view.mode {
        case .choosingLevel: "↑↓ choose · Enter start · e m h"
        case .picking: "↑↓ tray · Enter pick · p hear · n new game · q back"
        case .dropping: "↑↓ slot · Enter drop · p hear · Esc put back"
        }
    }

    static func input(_ key: Key, view: AudioGamePresenter.View) -> ScreenInput<AudioGamePresenter.Event>? {
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
            default: return nil
            }
        case .picking:
            switch key {
            case .up: return .events([.moveTrayCursor(-1)])
            case .down: return .events([.moveTrayCursor(1)])
            case .enter, .space: return .events([.pickAtCursor])
            case .character("p"): return .events([.hearAtCursor])
            case .character("n"): return .events([.askLevel])
            case .character("q"), .escape: return .back
            default: return nil
            }
        case .dropping:
            switch key {
            case .up: return .events([.moveSlotCursor(-1)])
            case .down: return .events([.moveSlotCursor(1)])
            case .enter, .space: return .events([.dropAtCursor])
            case .character("p"): return .events([.hearAtCursor])
            case .escape, .character("q"): return .events([.putBack])
            default: return nil
            }
        }
    }

    static func body(_ view: AudioGamePresenter.View, width: Int, height: Int, scroll: inout Int) -> [FrameLine] {
        if view.mode == .choosingLevel {
            return [FrameLine(), FrameLine("  Choose a level:", .bold)]
                + view.levels.map { FrameLine("  " + $0.text, $0.isCursor ? .selected : .plain) }
        }
        var lines = [FrameLine("  " + view.status, .bold)]
        if let solved = view.solved { lines.append(FrameLine("  " + solved, .good)) }
        let trayRoom = view.tray.isEmpty ? 0 : min(view.tray.count, max(3, (height - 4) / 3))
        let slotRoom = max(3, height - trayRoom - 4)
        lines.append(FrameLine("  Slots", .muted))
        let cursor = view.slots.firstIndex { $0.isCursor } ?? 0
        for index in Draw.window(count: view.slots.count, selected: cursor, height: slotRoom) {
            let slot = view.slots[index]
            let number = String(format: "%3d. ", slot.number)
            if let tile = slot.tile {
                lines.append(tileLine(number, tile, width: width, selected: slot.isCursor))
            } else {
                lines.append(FrameLine("  " + number + (slot.isCursor ? "◀ drop here" : "·"), slot.isCursor ? .selected : .muted))
            }
        }
        guard !view.tray.isEmpty else { return lines }
        lines.append(FrameLine("  Tray" + (view.holding != nil ? " (holding tile \(view.holding!.label))" : ""), .muted))
        let trayCursor = view.tray.firstIndex { $0.isCursor || $0.label == view.holding?.label } ?? 0
        for index in Draw.window(count: view.tray.count, selected: trayCursor, height: trayRoom) {
            let tray = view.tray[index]
            let held = tray.label == view.holding?.label
            var line = tileLine("  \(tray.label). ", tray.tile, width: width, selected: tray.isCursor || held)
            if tray.sprangBack { line.runs.append(Run(" ✗ sprang back", .bad)) }
            lines.append(line)
        }
        return lines
    }

    private static func tileLine(_ prefix: String, _ tile: AudioGamePresenter.View.Tile, width: Int,
                                 selected: Bool) -> FrameLine {
        let name = tile.speaker.split(separator: " ").first.map(String.init) ?? "?"
        var speaker = Draw.speakerStyle(tile.colour)
        speaker.reverse = selected
        let text = TextLayout.fit(tile.text ?? "♪ p: hear it to see it", width: max(10, width - prefix.count - name.count - 6))
        return FrameLine([Run("  " + prefix), Run(name + ": ", speaker), Run(text, selected ? .selected : .plain)])
    }
}
