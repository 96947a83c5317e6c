import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress
import LessonpackRuntime

/// Activity 4: one game of putting the lines in order; a new game is a new attempt, dealt differently from the
/// last one, even across sessions.
public final class AudioGameController: ActivityController {
    public private(set) var engine: AudioGameEngine

    init(session: PlayerSession, resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError) {
        let setup = resuming?.setup ?? Self.setup(difficulty: .medium, avoiding: Self.lastDeal(session))
        let difficulty = setup["difficulty"].flatMap(AudioGameEngine.Difficulty.init(rawValue:)) ?? .medium
        let seed = resuming?.seed ?? session.nextSeed()
        engine = AudioGameEngine(module: session.module, difficulty: difficulty, random: SeededRandom(seed: seed),
                                 avoiding: Self.decode(setup["avoid"]), at: resuming?.startedAt ?? now)
        try super.init(session: session, activity: .audioGame, seed: seed, setup: setup, resuming: resuming, at: now)
        if resuming == nil { amendSetup(["dealt": Self.encode(engine.dealt)]) }
        replay(resuming)
    }

    override func apply(_ action: RecordedAction) {
        if action.kind == "place", let tile = action.item, let slot = action.value.flatMap(Int.init) {
            _ = place(tile, in: slot, at: action.at)
        }
    }

    /// Drops a tile; a right drop that completes the game saves its result.
    public func place(_ tile: String, in slot: Int, at now: Date) -> AudioGameEngine.Placement {
        let placement = engine.place(tile, in: slot)
        guard placement != .ignored else { return placement }
        log("place", item: tile, value: String(slot), at: now)
        if engine.completeIfSolved(at: now) { finish(engine.result(at: now)) }
        return placement
    }

    /// Deals a new game at `difficulty`, unlike the one before.
    public func newGame(_ difficulty: AudioGameEngine.Difficulty, at now: Date) {
        let setup = Self.setup(difficulty: difficulty, avoiding: engine.dealt)
        startNewAttempt(setup: setup, at: now)
        engine = AudioGameEngine(module: session.module, difficulty: difficulty, random: SeededRandom(seed: seed),
                                 avoiding: Self.decode(setup["avoid"]), at: now)
        amendSetup(["dealt": Self.encode(engine.dealt)])
    }

    public func playTile(_ id: String) {
        if let tile = engine.tiles.first(where: { $0.id == id }) { session.play(media: tile.audio) }
    }

    public override func result(at now: Date) -> ActivityResult { engine.result(at: now) }
    public override var answersGiven: Int { engine.moves }

    static func setup(difficulty: AudioGameEngine.Difficulty, avoiding: [String?]) -> [String: String] {
        ["difficulty": difficulty.rawValue, "avoid": encode(avoiding)]
    }

    /// The last game dealt in any earlier session, for the first game here to differ from.
    private static func lastDeal(_ session: PlayerSession) -> [String?] {
        guard let setup = try? session.store.lastSetup(moduleID: session.module.id, activity: .audioGame) else { return [] }
        return decode(setup["dealt"])
    }

    static func encode<T: Encodable>(_ value: T) -> String {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func decode(_ text: String?) -> [String?] {
        text.flatMap { try? JSONDecoder().decode([String?].self, from: Data($0.utf8)) } ?? []
    }
}
