import Foundation
import LessonpackModel
import LessonpackCore
import LessonpackTestSupport
@testable import LessonpackActivities

let sample = try! ModuleLoader.load(folder: Paths.sampleModule).module
let start = Date(timeIntervalSince1970: 1_800_000_000)

func later(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

/// An engine dealt from `seed`, as the player deals a new attempt.
func dealt<Engine: ActivityEngine>(_ engine: Engine.Type, seed: UInt64, previous: Engine.Setup? = nil,
                                   options: Engine.Options, module: Module = sample) -> Engine {
    var random = SeededRandom(seed: seed)
    return Engine(module: module, setup: Engine.deal(for: module, random: &random, previous: previous, options: options),
                  startedAt: start)
}

func dealt<Engine: ActivityEngine>(_ engine: Engine.Type, seed: UInt64 = 1, previous: Engine.Setup? = nil,
                                   module: Module = sample) -> Engine where Engine.Options == NoOptions {
    dealt(engine, seed: seed, previous: previous, options: NoOptions(), module: module)
}

extension ActivityEngine {
    /// Applies actions at `start`, for tests that do not care about time.
    mutating func run(_ actions: Action..., at now: Date = start) {
        for action in actions { _ = apply(action, at: now) }
    }
}
