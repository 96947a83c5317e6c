import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress
import LessonpackRuntime

/// Activity 8: the test, drawn with the learner's last attempt in mind, every answer saved as given.
public final class TestController: ActivityController {
    public private(set) var engine: TestEngine
    public private(set) var finalResult: ActivityResult?

    init(session: PlayerSession, resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError) {
        let lastDrawn: [String]
        if let resuming {
            lastDrawn = Self.decode(resuming.setup["lastDrawn"])
        } else {
            lastDrawn = try session.store.lastTestDraw(moduleID: session.module.id, contentHashes: session.contentHashes)
        }
        let seed = resuming?.seed ?? session.nextSeed()
        engine = TestEngine(module: session.module, history: TestHistory(lastDrawn: lastDrawn),
                            random: SeededRandom(seed: seed), at: resuming?.startedAt ?? now)
        try super.init(session: session, activity: .test, seed: seed, setup: ["lastDrawn": Self.encode(lastDrawn)],
                       resuming: resuming, at: now)
        replay(resuming)
    }

    override func apply(_ action: RecordedAction) {
        guard let item = action.item else {
            if action.kind == "finish" { _ = finish(at: action.at) }
            return
        }
        switch action.kind {
        case "answer":
            switch action.value {
            case "correct"?: engine.clear(item); engine.cycle(item)
            case "incorrect"?: engine.clear(item); engine.cycle(item); engine.cycle(item)
            case let value? where value.hasPrefix("option "): engine.choose(item, option: Int(value.dropFirst(7)) ?? -1)
            default: engine.clear(item)
            }
        default: break
        }
    }

    /// Cycles a statement's box.
    public func cycle(_ item: String, at now: Date) {
        engine.cycle(item)
        logAnswer(item, at: now)
    }

    public func choose(_ item: String, option: Int, at now: Date) {
        engine.choose(item, option: option)
        logAnswer(item, at: now)
    }

    public func clear(_ item: String, at now: Date) {
        engine.clear(item)
        logAnswer(item, at: now)
    }

    /// Ends the test and saves its result.
    public func finish(at now: Date) -> ActivityResult {
        if let finalResult { return finalResult }
        log("finish", at: now)
        let result = engine.finish(at: now)
        finalResult = result
        finish(result)
        return result
    }

    /// The answer as logged: its value, not the key press, so replaying is exact however it was given.
    private func logAnswer(_ item: String, at now: Date) {
        let value: String = switch engine.answer(item) {
        case .tri(let state)?: state.rawValue
        case .option(let index)?: "option \(index)"
        case nil: "empty"
        }
        log("answer", item: item, value: value, at: now)
    }

    public override func result(at now: Date) -> ActivityResult { finalResult ?? engine.result() }
    public override var answersGiven: Int { engine.answers.count }

    static func encode(_ ids: [String]) -> String {
        (try? JSONEncoder().encode(ids)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    static func decode(_ text: String?) -> [String] {
        text.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
    }
}
