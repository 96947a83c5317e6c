import Foundation
import LessonpackActivities
import LessonpackModel
import TerminalText

/// Activity 4: pick a tile from the tray and drop it in its slot; a wrong drop springs back.
final class AudioGameScreen: Screen {
    private enum Mode: Equatable {
        case choosingDifficulty
        case picking
        case dropping(String)
    }

    private let game: AudioGameController
    private var mode: Mode
    private var trayCursor = 0
    private var slotCursor = 0
    private var difficultyCursor = 1
    /// The tile that just sprang back, drawn in red for a moment.
    private var sprangBack: String?

    init(_ game: AudioGameController) {
        self.game = game
        mode = game.engine.moves == 0 && !game.isFinished ? .choosingDifficulty : .picking
        difficultyCursor = AudioGameEngine.Difficulty.allCases.firstIndex(of: game.engine.difficulty) ?? 1
    }

    var title: String { ActivityKind.audioGame.numbered(in: game.session.module) }
    let helpID = "audio-game"
    let help = ["Put the conversation's lines in order.", "↑ ↓ and Enter: pick a tile from the tray",
                "then ↑ ↓ and Enter: drop it in a slot (a wrong slot sends it back)", "Esc: put the tile back",
                "p: hear the tile under the cursor", "n: a new game (choose easy, medium or hard)", "q: back to the contents"]
    var hints: String {
        switch mode {
        case .choosingDifficulty: "↑↓ choose · Enter start · e m h"
        case .picking: "↑↓ tray · Enter pick · p hear · n new game · q back"
        case .dropping: "↑↓ slot · Enter drop · Esc put back"
        }
    }

    func body(width: Int, height: Int, now: Date) -> [FrameLine] {
        if mode == .choosingDifficulty { return difficultyMenu() }
        let engine = game.engine
        let elapsed = (engine.completedAt ?? now).timeIntervalSince(engine.startedAt)
        var lines = [FrameLine("  \(engine.difficulty.rawValue) · moves \(engine.moves) · mistakes \(engine.mistakes) · " +
                               Draw.clock(elapsed), .bold)]
        if engine.isSolved {
            lines.append(FrameLine("  Solved! Press n for a new game.", .good))
        }
        let trayRoom = engine.tray.isEmpty ? 0 : min(engine.tray.count, max(3, (height - 4) / 3))
        let slotRoom = max(3, height - trayRoom - 4)
        lines.append(FrameLine("  Slots", .muted))
        let dropping: String? = if case .dropping(let id) = mode { id } else { nil }
        for index in Draw.window(count: engine.slots.count, selected: slotCursor, height: slotRoom) {
            let number = String(format: "%3d. ", index + 1)
            let tile = engine.slots[index].flatMap { id in engine.tiles.first { $0.id == id } }
            let isCursor = dropping != nil && index == slotCursor
            if let tile {
                lines.append(tileLine(number, tile, width: width, selected: isCursor))
            } else {
                lines.append(FrameLine("  " + number + (isCursor ? "◀ drop here" : "·"), isCursor ? .selected : .muted))
            }
        }
        guard !engine.tray.isEmpty else { return lines }
        lines.append(FrameLine("  Tray" + (dropping != nil ? " (holding the highlighted tile)" : ""), .muted))
        for index in Draw.window(count: engine.tray.count, selected: trayCursor, height: trayRoom) {
            guard let tile = engine.tiles.first(where: { $0.id == engine.tray[index] }) else { continue }
            var line = tileLine("     ", tile, width: width, selected: index == trayCursor)
            if tile.id == sprangBack { line.runs.append(Run(" ✗ sprang back", .bad)) }
            lines.append(line)
        }
        return lines
    }

    private func tileLine(_ prefix: String, _ tile: AudioGameEngine.Tile, width: Int, selected: Bool) -> FrameLine {
        let name = tile.speaker?.name.split(separator: " ").first.map(String.init) ?? "?"
        var speaker = Draw.speakerStyle(tile.speaker)
        speaker.reverse = selected
        let text = TextLayout.fit(tile.text, width: max(10, width - prefix.count - name.count - 6))
        return FrameLine([Run("  " + prefix), Run(name + ": ", speaker), Run(text, selected ? .selected : .plain)])
    }

    private func difficultyMenu() -> [FrameLine] {
        var lines = [FrameLine(), FrameLine("  Choose a level:", .bold)]
        let counts = AudioGameEngine.Difficulty.allCases.map { game.engine.preplacedCount($0) }
        for (index, level) in AudioGameEngine.Difficulty.allCases.enumerated() {
            let text = "  \(level.rawValue.prefix(1).uppercased())\(level.rawValue.dropFirst()): \(counts[index]) of " +
                "\(game.engine.tiles.count) lines already in place"
            lines.append(FrameLine(text, index == difficultyCursor ? .selected : .plain))
        }
        return lines
    }

    func handle(_ key: Key, now: Date) -> ScreenAction {
        sprangBack = nil
        switch mode {
        case .choosingDifficulty: return chooseDifficulty(key, now: now)
        case .picking: return pick(key)
        case .dropping(let tile): return drop(tile, key, now: now)
        }
    }

    private func chooseDifficulty(_ key: Key, now: Date) -> ScreenAction {
        let levels = AudioGameEngine.Difficulty.allCases
        var chosen: AudioGameEngine.Difficulty?
        switch key {
        case .up: difficultyCursor = (difficultyCursor + levels.count - 1) % levels.count
        case .down: difficultyCursor = (difficultyCursor + 1) % levels.count
        case .enter, .space: chosen = levels[difficultyCursor]
        case .character("e"): chosen = .easy
        case .character("m"): chosen = .medium
        case .character("h"): chosen = .hard
        case .character("q"), .escape: return .back
        default: break
        }
        if let chosen {
            if chosen != game.engine.difficulty || game.engine.moves > 0 || game.isFinished { game.newGame(chosen, at: now) }
            mode = .picking
            trayCursor = 0
        }
        return .none
    }

    private func pick(_ key: Key) -> ScreenAction {
        let tray = game.engine.tray
        switch key {
        case .up: trayCursor = max(0, trayCursor - 1)
        case .down: trayCursor = min(max(0, tray.count - 1), trayCursor + 1)
        case .enter, .space:
            guard tray.indices.contains(trayCursor) else { break }
            mode = .dropping(tray[trayCursor])
            slotCursor = game.engine.slots.firstIndex { $0 == nil } ?? 0
        case .character("p"): if tray.indices.contains(trayCursor) { game.playTile(tray[trayCursor]) }
        case .character("n"): mode = .choosingDifficulty
        case .character("q"), .escape: return .back
        default: break
        }
        return .none
    }

    private func drop(_ tile: String, _ key: Key, now: Date) -> ScreenAction {
        let slots = game.engine.slots
        switch key {
        case .up: slotCursor = max(0, slotCursor - 1)
        case .down: slotCursor = min(slots.count - 1, slotCursor + 1)
        case .escape, .character("q"): mode = .picking
        case .character("p"): game.playTile(tile)
        case .enter, .space:
            switch game.place(tile, in: slotCursor, at: now) {
            case .placed:
                mode = .picking
                trayCursor = min(trayCursor, max(0, game.engine.tray.count - 1))
                if game.engine.isSolved {
                    let result = game.engine.result(at: now)
                    return .message("Solved in \(result.details["moves"] ?? "") moves with \(result.details["mistakes"] ?? "") " +
                                    "mistakes.")
                }
                return .message("✓ Right: line \(slotCursor + 1).")
            case .rejected:
                mode = .picking
                sprangBack = tile
                return .message("✗ Not slot \(slotCursor + 1): the tile springs back to the tray.")
            case .ignored:
                return .message("Slot \(slotCursor + 1) is taken: choose an empty one.")
            }
        default: break
        }
        return .none
    }

    func leave(now: Date) { game.leave(at: now) }
}
