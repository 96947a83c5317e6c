import Foundation
import LessonpackActivities
import LessonpackModel
import LessonpackProgress
import LessonpackRuntime

/// Activity 6: spoken questions with A/B/C answers; each new attempt reorders them.
public final class QuestionsController: ActivityController {
    public private(set) var engine: QuestionsEngine

    init(session: PlayerSession, resuming: UnfinishedAttempt?, at now: Date) throws(ProgressError) {
        let previous = Self.decode(resuming?.setup["avoid"]
            ?? (try? session.store.lastSetup(moduleID: session.module.id, activity: .questions))?.flatMap { $0["orders"] })
        let seed = resuming?.seed ?? session.nextSeed()
        engine = QuestionsEngine(module: session.module, random: SeededRandom(seed: seed), avoiding: previous,
                                 at: resuming?.startedAt ?? now)
        try super.init(session: session, activity: .questions, seed: seed, setup: ["avoid": Self.encode(previous)],
                       resuming: resuming, at: now)
        if resuming == nil { amendSetup(["orders": Self.encode(engine.orders)]) }
        replay(resuming)
    }

    override func apply(_ action: RecordedAction) {
        guard let question = action.item else { return }
        switch action.kind {
        case "choose": if let letter = action.value.flatMap(Int.init) { choose(question, letter: letter, at: action.at) }
        case "check": _ = check(question, at: action.at)
        default: break
        }
    }

    public func choose(_ questionID: String, letter: Int, at now: Date) {
        engine.choose(questionID, letter: letter)
        log("choose", item: questionID, value: String(letter), at: now)
    }

    /// Checks a question; when every question is checked, the attempt is finished and saved.
    public func check(_ questionID: String, at now: Date) -> QuestionsEngine.Feedback? {
        let feedback = engine.check(questionID)
        if feedback != nil {
            log("check", item: questionID, at: now)
            if engine.feedback.count == engine.presented.count { finish(engine.result(at: now)) }
        }
        return feedback
    }

    /// Another attempt, with every question's answers in a new order.
    public func newAttempt(at now: Date) {
        let previous = engine.orders
        startNewAttempt(setup: ["avoid": Self.encode(previous)], at: now)
        engine = QuestionsEngine(module: session.module, random: SeededRandom(seed: seed), avoiding: previous, at: now)
        amendSetup(["orders": Self.encode(engine.orders)])
    }

    public func playQuestion(_ questionID: String) {
        if let shown = engine.presented(questionID) { session.play(media: shown.question.audio) }
    }

    public func playAnswer(_ questionID: String, letter: Int) {
        guard let shown = engine.presented(questionID), shown.order.indices.contains(letter) else { return }
        session.play(media: shown.answer(at: letter).audio)
    }

    public override func result(at now: Date) -> ActivityResult { engine.result(at: now) }
    public override var answersGiven: Int { engine.chosen.count }

    static func encode(_ orders: [String: [Int]]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(orders)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode(_ text: String?) -> [String: [Int]] {
        text.flatMap { try? JSONDecoder().decode([String: [Int]].self, from: Data($0.utf8)) } ?? [:]
    }
}
