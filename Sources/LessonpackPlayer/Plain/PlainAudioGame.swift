import Foundation
import LessonpackActivities
import LessonpackPresentation

/// Plain mode, activity 4: put the lines in order. Tray tiles keep their letter for the whole game.
enum PlainAudioGame: PlainActivityView {
    typealias Presenter = AudioGamePresenter

    static func introduction(_ view: AudioGamePresenter.View, _ strings: Strings) -> [String] {
        [strings.text("plain.intro.audio-game", ["status": view.status])]
    }

    static func describe(_ view: AudioGamePresenter.View, _ strings: Strings) -> [String] {
        var lines = [strings.text("plain.audio-game.slots")]
        for slot in view.slots {
            lines.append("  \(slot.number). " + (slot.tile.map { text($0, strings) } ?? strings.text("plain.audio-game.empty")))
        }
        lines.append(view.tray.isEmpty ? strings.text("plain.audio-game.tray-empty") : strings.text("plain.audio-game.tray"))
        for tile in view.tray { lines.append("  \(tile.label). " + text(tile.tile, strings)) }
        return lines
    }

    static func text(_ tile: AudioGamePresenter.View.Tile, _ strings: Strings) -> String {
        "\(tile.speaker): " + (tile.text ?? strings.text("plain.audio-game.listen"))
    }

    static func commands(_ strings: Strings) -> [String] { PlainWords.lines(strings.text("plain.commands.audio-game")) }

    static func read(_ words: [String], view: AudioGamePresenter.View, _ strings: Strings) -> PlainCommand<AudioGamePresenter.Event> {
        let labels = view.labels
        func label(_ word: String?) -> Int? { word.flatMap { answerIndex($0, count: labels) } }
        switch words.first?.lowercased() {
        case "show": return .show(describe(view, strings))
        case "level":
            guard let level = words.dropFirst().first.flatMap({ AudioGameEngine.Difficulty(rawValue: $0.lowercased()) }) else {
                return .show([strings.text("plain.audio-game.levels")])
            }
            return .events([.chooseLevel(level)])
        case "new": return .events([.newGame])
        case "hear":
            guard let tile = label(words.dropFirst().first) else { return .show([strings.text("plain.audio-game.which-tile")]) }
            return .events([.hear(label: tile)])
        case "place": return place(Array(words.dropFirst()), view: view, strings)
        default: return label(words.first) == nil ? .unknown : place(words, view: view, strings)
        }
    }

    private static func place(_ words: [String], view: AudioGamePresenter.View, _ strings: Strings) -> PlainCommand<AudioGamePresenter.Event> {
        guard let tile = words.first.flatMap({ answerIndex($0, count: view.labels) }),
              let slot = PlainWords.index(words.dropFirst().first, count: view.slots.count) else {
            return .show([strings.text("plain.audio-game.place")])
        }
        return .events([.place(label: tile, slot: slot)])
    }

    static func reply(to events: [AudioGamePresenter.Event], message: Message?, view: AudioGamePresenter.View, _ strings: Strings) -> [String] {
        switch events.first {
        case .chooseLevel?, .newGame?: PlainWords.say(message) + describe(view, strings)
        default: PlainWords.say(message)
        }
    }
}
