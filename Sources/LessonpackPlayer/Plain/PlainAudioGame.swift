import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 4: put the lines in order. Tray tiles keep their letter for the whole game.
enum PlainAudioGame: PlainActivityView {
    typealias Presenter = AudioGamePresenter

    static func introduction(_ view: AudioGamePresenter.View) -> [String] {
        ["Put the conversation's lines in order: 'place A 3' puts tile A in slot 3. A wrong slot sends it back to " +
         "the tray. 'level easy|medium|hard' starts a new game; this one is \(view.status)."]
    }

    static func describe(_ view: AudioGamePresenter.View) -> [String] {
        var lines = ["Slots:"]
        for slot in view.slots {
            lines.append("  \(slot.number). " + (slot.tile.map(text) ?? "(empty)"))
        }
        lines.append(view.tray.isEmpty ? "The tray is empty." : "Tray:")
        for tile in view.tray { lines.append("  \(tile.label). " + text(tile.tile)) }
        return lines
    }

    static func text(_ tile: AudioGamePresenter.View.Tile) -> String {
        "\(tile.speaker): " + (tile.text ?? "(listen: 'hear' it to see it written)")
    }

    static let commands = ["place TILE SLOT (or just TILE SLOT): put a tray tile in a slot", "show: the slots and the tray",
                           "hear TILE: play a tile's line", "level easy|medium|hard: a new game", "new: a new game at this level"]

    static func read(_ words: [String], view: AudioGamePresenter.View) -> PlainCommand<AudioGamePresenter.Event> {
        let labels = view.labels
        func label(_ word: String?) -> Int? { word.flatMap { answerIndex($0, count: labels) } }
        switch words.first?.lowercased() {
        case "show": return .show(describe(view))
        case "level":
            guard let level = words.dropFirst().first.flatMap({ AudioGameEngine.Difficulty(rawValue: $0.lowercased()) }) else {
                return .show(["level easy, level medium or level hard"])
            }
            return .events([.chooseLevel(level)])
        case "new": return .events([.newGame])
        case "hear":
            guard let tile = label(words.dropFirst().first) else { return .show(["Say which tile: hear A"]) }
            return .events([.hear(label: tile)])
        case "place": return place(Array(words.dropFirst()), view: view)
        default: return label(words.first) == nil ? .unknown : place(words, view: view)
        }
    }

    private static func place(_ words: [String], view: AudioGamePresenter.View) -> PlainCommand<AudioGamePresenter.Event> {
        guard let tile = words.first.flatMap({ answerIndex($0, count: view.labels) }),
              let slot = PlainWords.index(words.dropFirst().first, count: view.slots.count) else {
            return .show(["Say a tray letter and a slot number: place A 3"])
        }
        return .events([.place(label: tile, slot: slot)])
    }

    static func reply(to events: [AudioGamePresenter.Event], message: Message?, view: AudioGamePresenter.View) -> [String] {
        switch events.first {
        case .chooseLevel?, .newGame?: PlainWords.say(message) + describe(view)
        default: PlainWords.say(message)
        }
    }
}
