import Foundation
import LessonpackActivities

/// Plain mode, activity 4: put the lines in order. Tray tiles keep their letter for the whole game.
final class PlainAudioGame: PlainActivity {
    let game: AudioGameController
    var controller: ActivityController { game }

    init(_ game: AudioGameController) { self.game = game }

    func describe(at now: Date) -> [String] {
        ["Put the conversation's lines in order: 'place A 3' puts tile A in slot 3. A wrong slot sends it back to " +
         "the tray. 'level easy|medium|hard' starts a new game (this one: \(game.engine.difficulty.rawValue))."] + show()
    }

    let commands = ["place TILE SLOT (or just TILE SLOT): put a tray tile in a slot", "show: the slots and the tray",
                    "hear TILE: play a tile's line", "level easy|medium|hard: a new game", "new: a new game at this level"]

    func handle(_ words: [String], at now: Date) -> [String]? {
        switch words.first {
        case "show": return show()
        case "level":
            guard let level = words.dropFirst().first.flatMap(AudioGameEngine.Difficulty.init(rawValue:)) else {
                return ["level easy, level medium or level hard"]
            }
            game.newGame(level, at: now)
            return ["New game, \(level.rawValue)."] + show()
        case "new":
            game.newGame(game.engine.difficulty, at: now)
            return ["New game, \(game.engine.difficulty.rawValue)."] + show()
        case "hear":
            guard let tile = tile(words.dropFirst().first) else { return ["hear and a tray letter"] }
            game.playTile(tile)
            return ["Playing tile \(words[1].uppercased())."]
        case "place": return place(Array(words.dropFirst()), at: now)
        default:
            return tile(words.first) != nil ? place(words, at: now) : nil
        }
    }

    private func place(_ words: [String], at now: Date) -> [String] {
        let engine = game.engine
        guard let tile = tile(words.first), let slot = PlainWords.index(words.dropFirst().first, count: engine.tiles.count) else {
            return ["Say a tray letter and a slot number: place A 3"]
        }
        let label = words[0].uppercased()
        switch game.place(tile, in: slot, at: now) {
        case .ignored:
            return engine.slots[slot] != nil ? ["Slot \(slot + 1) is already filled."] : ["Tile \(label) is already placed."]
        case .rejected:
            return ["Wrong: tile \(label) does not go in slot \(slot + 1); it goes back to the tray. (\(game.engine.mistakes) mistake\(game.engine.mistakes == 1 ? "" : "s"))"]
        case .placed:
            guard game.engine.isSolved else { return ["Right: tile \(label) is line \(slot + 1)."] }
            let result = game.engine.result(at: now)
            return ["Right: tile \(label) is line \(slot + 1).",
                    "Solved in \(result.details["moves"] ?? "?") moves with \(result.details["mistakes"] ?? "?") mistakes " +
                    "(\(Int(result.duration)) seconds). 'new' for another game."]
        }
    }

    /// The tray tile a letter names: letters follow the tray as it was dealt, and stay with their tile.
    private func tile(_ word: String?) -> String? {
        let dealt = labels()
        guard let word, let index = PlainWords.letterIndex(word, count: dealt.count) else { return nil }
        return dealt[index]
    }

    private func labels() -> [String] {
        game.engine.dealt.dropFirst(game.engine.tiles.count).compactMap { $0 }
    }

    private func show() -> [String] {
        let engine = game.engine
        let dealt = labels()
        var lines = ["Slots:"]
        for (index, slot) in engine.slots.enumerated() {
            let text = slot.flatMap { id in engine.tiles.first { $0.id == id } }.map { "\(speaker($0)): \($0.text)" } ?? "(empty)"
            lines.append("  \(index + 1). \(text)")
        }
        lines.append(engine.tray.isEmpty ? "The tray is empty." : "Tray:")
        for id in engine.tray {
            guard let tile = engine.tiles.first(where: { $0.id == id }), let position = dealt.firstIndex(of: id) else { continue }
            lines.append("  \(letter(position)). \(speaker(tile)): \(tile.text)")
        }
        return lines
    }

    private func speaker(_ tile: AudioGameEngine.Tile) -> String { tile.speaker?.name ?? "?" }
}
