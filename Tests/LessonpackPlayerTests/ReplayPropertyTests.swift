import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress
import LessonpackCore
import LessonpackTestSupport
import Testing
@testable import LessonpackPlayer

/// Replays are exact: random action sequences, sensible and not, are played live on every engine through the
/// progress store; the store is opened again, the attempt read back and replayed, and the replayed engine must
/// equal the live one, field for field. Every kind the registry lists is played: a new one fails here until its
/// engine is `RandomlyDriven`.
@Suite struct ReplayPropertyTests {
    let module = try! ModuleLoader.load(folder: Paths.sampleModule).module

    @Test(arguments: ActivityKind.allCases) func everyKindReplaysAsPlayed(_ kind: ActivityKind) throws {
        let engine = ActivityRegistry.descriptor(for: kind).engine
        guard let driven = engine as? any RandomlyDriven.Type else {
            Issue.record("\(kind): its engine has no random action generator (extend it with RandomlyDriven)")
            return
        }
        try replayEqualsLive(driven)
    }

    /// The case's key as the synthesized `Codable` writes it: what the store's `kind` column has always held.
    static func encodedCaseName(_ action: some Encodable) -> String? {
        guard let data = try? JSONEncoder().encode(action),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object.keys.first
    }

    func replayEqualsLive<Engine: RandomlyDriven>(_ engine: Engine.Type) throws {
        for options in Engine.optionsToTry {
            // Each further set of options is tried on fewer seeds.
            try replayEqualsLive(engine, options: options, seeds: Engine.optionsToTry.count > 1 ? 0..<4 : 0..<8)
        }
    }

    func replayEqualsLive<Engine: RandomlyDriven>(_ engine: Engine.Type, options: Engine.Options,
                                                  seeds: Range<UInt64>) throws {
        let steps = Engine.randomSteps
        for seed in seeds {
            let folder = TemporaryFolder()
            var random = SeededRandom(seed: seed &* 7919)
            var clock = Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(seed) * 1_000.123_456)
            let live: Attempt<Engine>
            do {
                let store = try ProgressStore(folder: folder.path)
                live = try Attempt<Engine>(module: module, store: store, sessionSeed: seed, previous: nil, options: options,
                                           contentHashes: ContentHashes.of(module), at: clock)
                for _ in 0..<steps where !live.isFinished {
                    // Uneven times, finer than a millisecond: the replay must keep them exactly.
                    clock = clock.addingTimeInterval(Double(random.below(5_000_000)) / 1_000_000)
                    let action = Engine.randomAction(for: live.engine, in: module, random: &random)
                    #expect(action.storedName == Self.encodedCaseName(action), "\(Engine.kind): \(action)")
                    _ = live.perform(action, at: clock)
                }
                #expect(live.unsaved == nil)
            }
            guard let id = live.id else { continue }
            let reopened = try ProgressStore(folder: folder.path)
            guard case .resume(let saved) = try reopened.carryOver(id, as: Engine.self, module: module, at: clock) else {
                Issue.record("\(Engine.kind) seed \(seed): the attempt could not be read back")
                continue
            }
            let replayed = Attempt(resuming: saved, module: module, store: reopened, sessionSeed: seed,
                                   contentHashes: ContentHashes.of(module))
            #expect(replayed.engine == live.engine, "\(Engine.kind), seed \(seed)")
            #expect(replayed.engine.result(at: clock) == live.engine.result(at: clock))
        }
    }
}

/// An engine a test can drive at random: an action that fits its state most of the time, and now and then one
/// that does not (an unknown id, a slot out of range), which must change nothing either way.
protocol RandomlyDriven: ActivityEngine {
    static func randomAction(for engine: Self, in module: Module, random: inout SeededRandom) -> Action
    /// The options attempts are dealt with in the test: the default, unless the options change the game.
    static var optionsToTry: [Options] { get }
    /// How many actions an attempt is played for at most.
    static var randomSteps: Int { get }
}

extension RandomlyDriven {
    static var optionsToTry: [Options] { [defaultOptions] }
    static var randomSteps: Int { 30 }
}

extension SeededRandom {
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

extension VideoEngine: RandomlyDriven {
    static var randomSteps: Int { 60 }

    static func randomAction(for engine: VideoEngine, in module: Module, random: inout SeededRandom) -> Action {
        // A role play's line: mostly the one it waits at, sometimes another.
        let line = engine.awaitedLine.flatMap { random.chance(80) ? $0.id : nil } ?? random.pick(module.transcript).id
        let take = "/recordings/\(line)-role-play.wav"
        switch random.below(16) {
        case 0: return .play
        case 1: return .pause
        case 2: return .seek(to: Double(random.below(1300)) / 10 - 10)
        case 3: return .replayLine(line: random.chance(90) ? random.pick(module.transcript).id : "nowhere")
        case 4: return .setSubtitles(on: random.chance(50))
        case 5: return .chooseVoices(random.chance(50) ? .everyone : .only(random.pick(module.speakers).id))
        case 6: return .startRolePlay(speaker: random.chance(90) ? random.pick(module.speakers).id : "nobody")
        case 7, 8: return .recordRolePlayLine(line: line)
        case 9, 10: return .rolePlayRecorded(line: line, file: take)
        case 11: return .rolePlayRecordingFailed(line: line, reason: "no microphone")
        case 12: return .skipRolePlayLine(line: line)
        case 13: return .rolePlayAnalysed(line: line, recording: take, result: IntonationResult(
            score: random.below(101), feedback: "like the original", timing: nil, step: 0.01, model: [200, nil], learner: [210]))
        case 14: return .rolePlayAnalysisFailed(line: line, recording: take, reason: "no voice")
        default: return .leaveRolePlay
        }
    }
}

extension VideoTaskEngine: RandomlyDriven {
    static func randomAction(for engine: VideoTaskEngine, in module: Module, random: inout SeededRandom) -> Action {
        guard random.below(12) != 0 else { return .check }
        return .mark(statement: random.chance(95) ? random.pick(module.videoTask).id : "s99", state: random.pick(TriState.allCases))
    }
}

extension VocabularyEngine: RandomlyDriven {
    static func randomAction(for engine: VocabularyEngine, in module: Module, random: inout SeededRandom) -> Action {
        random.chance(70) ? .open(term: random.chance(90) ? random.pick(module.definitions).term.uppercased() : "nothing")
            : .hear(line: random.pick(module.transcript).id)
    }
}

extension AudioGameEngine: RandomlyDriven {
    static var optionsToTry: [Difficulty] { Difficulty.allCases }

    static func randomAction(for engine: AudioGameEngine, in module: Module, random: inout SeededRandom) -> Action {
        // Now and then the learner comes back to the game: its clock must replay too.
        if random.chance(5) { return .returned }
        guard !engine.tray.isEmpty, random.chance(90) else { return .hear(tile: random.pick(module.transcript).id) }
        let tile = random.pick(engine.tray)
        // Right about half the time, so games get solved.
        let right = engine.tiles.firstIndex { $0.id == tile } ?? 0
        return .place(tile: tile, slot: random.chance(50) ? right : random.below(engine.tiles.count + 2) - 1)
    }
}

extension PronunciationEngine: RandomlyDriven {
    static func randomAction(for engine: PronunciationEngine, in module: Module, random: inout SeededRandom) -> Action {
        let line = random.pick(module.transcript).id
        let mode = random.pick(VoiceComparison.allCases)
        let recording = engine.recordings[line] ?? "/recordings/\(line)-learner.wav"
        switch random.below(10) {
        case 0: return .hearOriginal(line: line)
        case 1: return .record(line: line)
        case 2: return .recorded(line: engine.recording ?? line, file: "/recordings/\(line)-\(random.below(1000)).wav")
        case 3: return .recordingFailed(line: engine.recording ?? line, reason: "no microphone")
        case 4: return .compare(line: line, mode: mode)
        case 5: return .compared(line: line, mode: mode, file: "/recordings/\(line)-\(mode.rawValue).wav")
        case 6: return .hearSlowly(line: line, speed: random.chance(50) ? 0.75 : 0.5)
        case 7: return .analysed(line: line, recording: recording, result: IntonationResult(
            score: random.below(101), feedback: "Your voice falls at ‘please’; the model rises.", timing: nil, step: 0.01,
            model: [120, nil, 130], learner: [200, 210, nil]))
        case 8: return .analysisFailed(line: line, recording: recording, reason: "no voice was heard in the recording")
        default: return .comparisonFailed(line: line, reason: "no ffmpeg")
        }
    }
}

extension QuestionsEngine: RandomlyDriven {
    static func randomAction(for engine: QuestionsEngine, in module: Module, random: inout SeededRandom) -> Action {
        let question = random.pick(module.questions).id
        switch random.below(5) {
        case 0: return .hearQuestion(question: question)
        case 1: return .hearAnswer(question: question, letter: random.below(4))
        default: return .answer(question: random.chance(95) ? question : "q99", letter: random.below(4))
        }
    }
}

extension DictionaryEngine: RandomlyDriven {
    static func randomAction(for engine: DictionaryEngine, in module: Module, random: inout SeededRandom) -> Action {
        .open(term: random.chance(85) ? random.pick(module.definitions).term : "zebra")
    }
}

extension TestEngine: RandomlyDriven {
    static var randomSteps: Int { 40 }

    static func randomAction(for engine: TestEngine, in module: Module, random: inout SeededRandom) -> Action {
        guard random.below(40) != 0 else { return .finish }
        let item = random.chance(95) ? random.pick(engine.drawn).item.id : "t99"
        let answer: TestEngine.Answer = switch random.below(4) {
        case 0: .correct
        case 1: .incorrect
        case 2: .choice(index: random.below(5))
        default: .cleared
        }
        return .answer(item: item, answer: answer)
    }
}
