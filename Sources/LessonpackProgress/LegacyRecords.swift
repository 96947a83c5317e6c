import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackRandom

/// What stores written before schema 3 hold, read into today's types. Those stores logged each step as three
/// strings (a kind, an item, a value), kept an attempt's setup as a dictionary of JSON strings, and gave results
/// their details as strings. Results are rewritten when the store is migrated; an unfinished attempt is rewritten
/// when the player resumes it, because making its setup needs the module it was dealt from.
enum LegacyRecords {
    /// A result as stores before schema 3 encoded it: the same, but `details` a dictionary of strings.
    struct Result: Decodable {
        struct Objective: Decodable {
            var objective: String
            var correct: Int
            var incorrect: Int
            var unanswered: Int
        }

        var activity: ActivityKind
        var startedAt: Date
        var finishedAt: Date
        var items: [ItemOutcome]
        var score: Score?
        var objectives: [Objective]
        var details: [String: String]
    }

    /// A stored legacy result, re-encoded with typed details; nil when it is not a legacy result at all.
    static func convertResult(_ json: String) -> String? {
        guard let legacy = try? JSONDecoder().decode(Result.self, from: Data(json.utf8)) else { return nil }
        let result = ActivityResult(
            activity: legacy.activity, startedAt: legacy.startedAt, finishedAt: legacy.finishedAt, items: legacy.items,
            score: legacy.score,
            objectives: legacy.objectives.map {
                ObjectiveScore(objective: $0.objective, performance: nil, correct: $0.correct, incorrect: $0.incorrect,
                               unanswered: $0.unanswered)
            },
            details: details(legacy.activity, legacy.details))
        return StoredJSON.encode(result)
    }

    static func details(_ activity: ActivityKind, _ values: [String: String]) -> ResultDetails {
        func int(_ key: String) -> Int { values[key].flatMap(Int.init) ?? 0 }
        func double(_ key: String) -> Double { values[key].flatMap(Double.init) ?? 0 }
        switch activity {
        case .video:
            return .video(watchedSeconds: double("watched"), durationSeconds: double("duration"),
                          subtitlesOn: values["subtitles"] != "off")
        case .vocabulary: return .vocabulary(terms: int("terms"), opened: int("opened"))
        case .audioGame:
            return .audioGame(difficulty: values["difficulty"].flatMap(AudioGameEngine.Difficulty.init) ?? .medium,
                              moves: int("moves"), mistakes: int("mistakes"), solved: values["solved"] == "yes",
                              tiles: int("tiles"))
        case .pronunciation: return .pronunciation(recorded: int("recorded"), lines: int("lines"))
        case .dictionary: return .dictionary(entries: int("entries"), opened: int("opened"))
        case .test: return .test(correct: int("correct"), incorrect: int("incorrect"), unanswered: int("unanswered"))
        case .videoTask, .questions, .dictation: return .none
        }
    }

    /// One step of a legacy attempt's log.
    struct Step {
        var kind: String
        var item: String?
        var value: String?
        var at: Date
    }

    /// A legacy unfinished attempt, rewritten: its setup and its steps as the engine's own setup and actions.
    struct Converted {
        var setup: String
        var actions: [(kind: String, payload: String, at: Date)]
    }

    static func convertAttempt(_ kind: ActivityKind, setup: [String: String], seed: UInt64, steps: [Step],
                               module: Module) -> Converted {
        switch kind {
        case .video:
            return convert(VideoEngine.self, NoSetup(), steps) { step in
                step.kind == "subtitles" ? [.setSubtitles(on: step.value != "off")] : []
            }
        case .videoTask:
            return convert(VideoTaskEngine.self, NoSetup(), steps) { step in
                switch step.kind {
                case "set": step.item.flatMap { id in step.value.flatMap(TriState.init).map { [.mark(statement: id, state: $0)] } } ?? []
                case "check": [.check]
                default: []
                }
            }
        case .vocabulary:
            return convert(VocabularyEngine.self, NoSetup(), steps) { step in
                step.kind == "open" ? step.item.map { [.open(term: $0)] } ?? [] : []
            }
        case .dictionary:
            return convert(DictionaryEngine.self, NoSetup(), steps) { step in
                step.kind == "open" ? step.item.map { [.open(term: $0)] } ?? [] : []
            }
        case .audioGame:
            let dealt = decode([String?].self, setup["dealt"]) ?? []
            let count = module.transcript.count
            let difficulty = setup["difficulty"].flatMap(AudioGameEngine.Difficulty.init) ?? .medium
            let slots = dealt.count >= count ? Array(dealt.prefix(count)) : Array(repeating: nil, count: count)
            let gameSetup = AudioGameEngine.Setup(difficulty: difficulty, slots: slots,
                                                  tray: dealt.dropFirst(count).compactMap { $0 })
            return convert(AudioGameEngine.self, gameSetup, steps) { step in
                guard step.kind == "place", let tile = step.item, let slot = step.value.flatMap(Int.init) else { return [] }
                return [.place(tile: tile, slot: slot)]
            }
        case .pronunciation:
            return convert(PronunciationEngine.self, NoSetup(), steps) { step in
                guard let line = step.item else { return [] }
                switch step.kind {
                case "heard": return [.hearOriginal(line: line)]
                case "recorded": return step.value.map { [.recorded(line: line, file: $0)] } ?? []
                case "compared":
                    guard let value = step.value, let bar = value.firstIndex(of: "|"),
                          let mode = VoiceComparison(rawValue: String(value[..<bar])) else { return [] }
                    return [.compared(line: line, mode: mode, file: String(value[value.index(after: bar)...]))]
                default: return []
                }
            }
        case .questions:
            let orders = decode([String: [Int]].self, setup["orders"]) ?? [:]
            // Legacy logs chose a letter, then checked it: the check is the answer.
            var chosen: [String: Int] = [:]
            return convert(QuestionsEngine.self, QuestionsEngine.Setup(orders: orders), steps) { step in
                guard let question = step.item else { return [] }
                switch step.kind {
                case "choose":
                    chosen[question] = step.value.flatMap(Int.init)
                    return []
                case "check": return chosen[question].map { [.answer(question: question, letter: $0)] } ?? []
                default: return []
                }
            }
        case .dictation:
            // Legacy stores predate the dictation: nothing of theirs is one.
            var random = SeededRandom(seed: seed)
            return convert(DictationEngine.self, DictationEngine.deal(for: module, random: &random, previous: nil,
                                                                      options: NoOptions()), steps) { _ in [] }
        case .test:
            // The draw was made from the attempt's seed, avoiding the draw recorded in its setup, exactly as the
            // engine's deal still makes it.
            var random = SeededRandom(seed: seed)
            let lastDrawn = decode([String].self, setup["lastDrawn"]) ?? []
            let testSetup = TestEngine.deal(for: module, random: &random,
                                            previous: TestEngine.Setup(drawn: lastDrawn, options: [:]), options: NoOptions())
            return convert(TestEngine.self, testSetup, steps) { step in
                if step.kind == "finish" { return [.finish] }
                guard step.kind == "answer", let item = step.item else { return [] }
                switch step.value {
                case "correct"?: return [.answer(item: item, answer: .correct)]
                case "incorrect"?: return [.answer(item: item, answer: .incorrect)]
                case let value? where value.hasPrefix("option "):
                    return Int(value.dropFirst(7)).map { [.answer(item: item, answer: .choice(index: $0))] } ?? []
                default: return [.answer(item: item, answer: .cleared)]
                }
            }
        }
    }

    private static func convert<Engine: ActivityEngine>(_ engine: Engine.Type, _ setup: Engine.Setup, _ steps: [Step],
                                                        _ actions: (Step) -> [Engine.Action]) -> Converted {
        Converted(setup: StoredJSON.encode(setup),
                  actions: steps.flatMap { step in
                      actions(step).map { (kind: StoredJSON.caseName($0), payload: StoredJSON.encode($0), at: step.at) }
                  })
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String?) -> T? {
        text.flatMap { try? JSONDecoder().decode(type, from: Data($0.utf8)) }
    }
}
