/// Activity 4: pick a tile from the tray, drop it in its slot; a wrong drop springs back. Each game is an attempt,
/// started at a level the learner chooses.
package enum AudioGamePresenter: ActivityPresenter {
    package typealias Engine = AudioGameEngine

    package struct View: Sendable, Equatable, Storable {
        package struct Tile: Sendable, Equatable, Storable {
            package var id: String
            package var speaker: String
            package var colour: String?
            /// The line's text, or nil while it is hidden until heard (listening first).
            package var text: String?
        }

        package struct Slot: Sendable, Equatable, Storable {
            package var number: Int
            package var tile: Tile?
            package var isCursor: Bool
        }

        package struct TrayTile: Sendable, Equatable, Storable {
            /// Its letter, kept for the whole game: "A" is the first tile the tray was dealt.
            package var label: String
            package var tile: Tile
            package var isCursor: Bool
            package var sprangBack: Bool
        }

        package struct Level: Sendable, Equatable, Storable {
            package var difficulty: AudioGameEngine.Difficulty
            /// "Medium: 5 of 21 lines already in place".
            package var text: String
            package var isCursor: Bool
        }

        package enum Mode: String, Sendable, Storable { case choosingLevel, picking, dropping }

        package var mode: Mode
        package var levels: [Level]
        /// "medium · moves 3 · mistakes 1 · 0:42".
        package var status: String
        package var solved: String?
        package var slots: [Slot]
        package var tray: [TrayTile]
        /// The tile being dropped.
        package var holding: TrayTile?
        /// How many tiles the tray was dealt: letters name them from A.
        package var labels: Int
    }

    package enum Event: Sendable, Equatable, Storable {
        case chooseLevel(AudioGameEngine.Difficulty)
        case askLevel
        case moveLevelCursor(Int)
        case chooseLevelAtCursor
        case moveTrayCursor(Int)
        case pickAtCursor
        case moveSlotCursor(Int)
        case dropAtCursor
        case putBack
        case hearAtCursor
        /// A tray tile by its letter (from 0).
        case hear(label: Int)
        /// A tray tile by its letter into a slot (from 0).
        case place(label: Int, slot: Int)
        /// Another game at this level.
        case newGame
    }

    package struct Local: Sendable, Equatable {
        package enum Mode: Sendable, Equatable {
            case choosingLevel
            case picking
            case dropping(String)
        }

        package var mode: Mode
        package var trayCursor = 0
        package var slotCursor = 0
        package var levelCursor: Int
        package var sprangBack: String?
        /// The learner asked for a new game: whatever level they choose, a new board is dealt.
        package var newGameAsked = false
    }

    package static func local(for engine: AudioGameEngine, context: PresentationContext) -> Local {
        Local(mode: engine.moves == 0 && !engine.isFinished ? .choosingLevel : .picking,
              levelCursor: AudioGameEngine.Difficulty.allCases.firstIndex(of: engine.difficulty) ?? 1)
    }

    /// The tray as dealt: a tile's letter is its place in it.
    static func labels(_ engine: AudioGameEngine) -> [String] { engine.setup.tray }

    static func tile(_ tile: AudioGameEngine.Tile, _ engine: AudioGameEngine, _ context: PresentationContext) -> View.Tile {
        let hidden = context.settings.listeningFirst && !engine.heard.contains(tile.id)
        return View.Tile(id: tile.id, speaker: tile.speaker?.name ?? "?", colour: tile.speaker?.colour,
                         text: hidden ? nil : tile.text)
    }

    package static func view(of engine: AudioGameEngine, local: Local, context: PresentationContext, at now: Date) -> View {
        let labels = labels(engine)
        let holding: String? = if case .dropping(let id) = local.mode { id } else { nil }
        let trayTiles = engine.tray.enumerated().compactMap { index, id -> View.TrayTile? in
            guard let found = engine.tile(id), let position = labels.firstIndex(of: id) else { return nil }
            return View.TrayTile(label: letter(position), tile: tile(found, engine, context),
                                 isCursor: index == local.trayCursor && holding == nil, sprangBack: id == local.sprangBack)
        }
        let slots = engine.slots.enumerated().map { index, id in
            View.Slot(number: index + 1, tile: id.flatMap(engine.tile).map { tile($0, engine, context) },
                      isCursor: holding != nil && index == local.slotCursor)
        }
        let mode: View.Mode = switch local.mode {
        case .choosingLevel: .choosingLevel
        case .picking: .picking
        case .dropping: .dropping
        }
        let strings = context.strings
        let levels = AudioGameEngine.Difficulty.allCases.enumerated().map { index, level in
            View.Level(difficulty: level, text: strings.text("audio-game.level", [
                           "level": levelTitle(level, strings),
                           "placed": "\(AudioGameEngine.preplacedCount(level, tiles: engine.tiles.count))",
                           "total": "\(engine.tiles.count)"]),
                       isCursor: index == local.levelCursor)
        }
        let elapsed = engine.playedSeconds(at: now)
        return View(mode: mode, levels: levels,
                    status: strings.text("audio-game.status", [
                        "level": levelName(engine.difficulty, strings), "moves": "\(engine.moves)",
                        "mistakes": "\(engine.mistakes)", "time": Wording.clock(elapsed)]),
                    solved: engine.isSolved ? solvedText(engine, at: now, strings) : nil, slots: slots, tray: trayTiles,
                    holding: holding.flatMap { id in trayTiles.first { $0.tile.id == id } }, labels: labels.count)
    }

    static func solvedText(_ engine: AudioGameEngine, at now: Date, _ strings: Strings) -> String {
        let seconds = Wording.wholeSeconds(engine.playedSeconds(at: now))
        return strings.text("audio-game.solved", ["moves": strings.counted("move", engine.moves),
                                                  "mistakes": strings.counted("mistake", engine.mistakes),
                                                  "time": strings.counted("second", seconds)])
    }

    /// A level as a status line names it: "medium".
    static func levelName(_ level: AudioGameEngine.Difficulty, _ strings: Strings) -> String {
        switch level {
        case .easy: strings.text("audio-game.level.easy")
        case .medium: strings.text("audio-game.level.medium")
        case .hard: strings.text("audio-game.level.hard")
        }
    }

    /// A level as the list of levels names it: "Medium".
    static func levelTitle(_ level: AudioGameEngine.Difficulty, _ strings: Strings) -> String {
        switch level {
        case .easy: strings.text("audio-game.level.easy.title")
        case .medium: strings.text("audio-game.level.medium.title")
        case .hard: strings.text("audio-game.level.hard.title")
        }
    }

    /// Coming back to a game under way: the time away is not played time.
    package static func enter(engine: AudioGameEngine, local: Local, context: PresentationContext) -> Reaction<AudioGameEngine> {
        guard !engine.isFinished, engine.moves > 0 || !engine.heard.isEmpty else { return Reaction() }
        return Reaction(actions: [.returned])
    }

    package static func reduce(_ event: Event, engine: AudioGameEngine, local: inout Local, context: PresentationContext,
                              at now: Date) -> Reaction<AudioGameEngine> {
        local.sprangBack = nil
        let strings = context.strings
        let levels = AudioGameEngine.Difficulty.allCases
        switch event {
        case .askLevel:
            local.mode = .choosingLevel
            local.newGameAsked = true
        case .moveLevelCursor(let step):
            local.levelCursor = CursorStep.wrapped(local.levelCursor, by: step, count: levels.count)
        case .chooseLevelAtCursor:
            return reduce(.chooseLevel(levels[local.levelCursor]), engine: engine, local: &local, context: context, at: now)
        case .chooseLevel(let level):
            local.mode = .picking
            local.trayCursor = 0
            local.levelCursor = levels.firstIndex(of: level) ?? 1
            // On opening, a game not yet begun at the level chosen is the game; a new game asked for is always new.
            if !local.newGameAsked, level == engine.difficulty, engine.moves == 0, !engine.isFinished {
                return .say(strings.text("audio-game.game-at", ["level": levelName(level, strings)]))
            }
            local.newGameAsked = false
            return Reaction(message: Message(strings.text("audio-game.new-game", ["level": levelName(level, strings)])), request: .newAttempt(level))
        case .newGame:
            local.mode = .picking
            local.newGameAsked = false
            local.trayCursor = 0
            return Reaction(message: Message(strings.text("audio-game.new-game", ["level": levelName(engine.difficulty, strings)])), request: .newAttempt(engine.difficulty))
        case .moveTrayCursor(let step):
            local.trayCursor = CursorStep.clamped(local.trayCursor, by: step, count: engine.tray.count)
        case .pickAtCursor:
            guard engine.tray.indices.contains(local.trayCursor) else { return Reaction() }
            local.mode = .dropping(engine.tray[local.trayCursor])
            local.slotCursor = engine.slots.firstIndex { $0 == nil } ?? 0
        case .moveSlotCursor(let step):
            local.slotCursor = CursorStep.clamped(local.slotCursor, by: step, count: engine.slots.count)
        case .putBack:
            local.mode = .picking
        case .dropAtCursor:
            guard case .dropping(let tile) = local.mode else { return Reaction() }
            guard let label = labels(engine).firstIndex(of: tile) else { return Reaction() }
            local.mode = .picking
            return place(label, local.slotCursor, engine: engine, local: &local, at: now, strings)
        case .hearAtCursor:
            let id: String? = if case .dropping(let held) = local.mode { held }
                else if engine.tray.indices.contains(local.trayCursor) { engine.tray[local.trayCursor] } else { nil }
            return id.map { Reaction(actions: [.hear(tile: $0)]) } ?? Reaction()
        case .hear(let label):
            guard labels(engine).indices.contains(label) else { return noSuchTile(label, strings) }
            return Reaction(actions: [.hear(tile: labels(engine)[label])],
                            message: Message(strings.text("audio-game.playing-tile", ["tile": letter(label)])))
        case .place(let label, let slot):
            return place(label, slot, engine: engine, local: &local, at: now, strings)
        }
        return Reaction()
    }

    static func place(_ label: Int, _ slot: Int, engine: AudioGameEngine, local: inout Local,
                      at now: Date, _ strings: Strings) -> Reaction<AudioGameEngine> {
        let labels = labels(engine)
        guard labels.indices.contains(label) else { return noSuchTile(label, strings) }
        guard engine.slots.indices.contains(slot) else {
            return .say(strings.text("audio-game.no-such-slot", ["slot": position(slot), "count": "\(engine.slots.count)"]), .bad)
        }
        let tile = labels[label], name = letter(label)
        guard engine.tray.contains(tile) else { return .say(strings.text("audio-game.tile-in-place", ["tile": name]), .bad) }
        guard engine.slots[slot] == nil else {
            return .say(strings.text("audio-game.slot-taken", ["slot": "\(slot + 1)"]), .bad)
        }
        var after = engine
        _ = after.apply(.place(tile: tile, slot: slot), at: now)
        let action = AudioGameEngine.Action.place(tile: tile, slot: slot)
        guard after.lastPlacement == .placed else {
            local.sprangBack = tile
            return Reaction(actions: [action], message: Message(strings.text("audio-game.wrong", [
                "tile": name, "slot": "\(slot + 1)", "mistakes": strings.counted("mistake", after.mistakes)]), .bad))
        }
        local.trayCursor = min(local.trayCursor, max(0, after.tray.count - 1))
        let right = strings.text("audio-game.right", ["tile": name, "line": "\(slot + 1)"])
        return Reaction(actions: [action],
                        message: Message(after.isSolved ? right + " " + solvedText(after, at: now, strings) : right, .good))
    }

    static func noSuchTile(_ label: Int, _ strings: Strings) -> Reaction<AudioGameEngine> {
        .say(strings.text("audio-game.no-such-tile", ["tile": letter(label)]), .bad)
    }
}
